"use client";
// The agency's search: the form (always on screen, its state in the address) and the results beside or under it.
// Its parts: useSearch.ts (state), SearchForm.tsx, Results.tsx, HotelCard.tsx, search-model.ts (rules).
import { useRef } from "react";
import { SearchForm } from "./SearchForm";
import { Results } from "./Results";
import { useSearch, type SearchPageProps } from "./useSearch";

export function SearchClient(props: SearchPageProps) {
  const state = useSearch(props);
  const { form } = state;
  const resultsRef = useRef<HTMLElement>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <SearchForm
        draft={form.draft}
        setDraft={form.setDraft}
        cities={props.cities}
        today={props.today}
        agencyType={props.agencyType}
        errors={form.errors}
        touched={form.touched}
        touch={form.touch}
        busy={state.query.isFetching}
        onSubmit={() => {
          // On a phone the results are under the form: take the agent there.
          if (form.submit() && window.matchMedia("(max-width: 1023px)").matches) resultsRef.current?.scrollIntoView({ block: "start" });
        }}
      />
      <Results state={state} resultsRef={resultsRef} />
    </div>
  );
}
