"use client";
// The search form: always on screen; each field says what is wrong with it, under it.
import { useDict, useI18n } from "@/lib/i18n/client";
import { cityLabel, formatDate } from "@/lib/format";
import { normalizeCity } from "@/lib/text/city";
import { addDays, isIsoDate } from "@/lib/time";
import { Field, fieldA11y } from "@/components/Form";
import { messages } from "./messages";
import type { SearchDraft } from "./search-url";
import { MAX_GROUPS, type AgencyType, type FieldErrors } from "./search-model";

type SetDraft = React.Dispatch<React.SetStateAction<SearchDraft>>;

export function SearchForm({
  draft,
  setDraft,
  cities,
  today,
  agencyType,
  errors,
  touched,
  touch,
  busy,
  onSubmit,
}: {
  draft: SearchDraft;
  setDraft: SetDraft;
  cities: string[];
  today: string;
  agencyType: AgencyType | null;
  errors: FieldErrors;
  touched: Record<string, boolean>;
  touch: (f: string) => void;
  busy: boolean;
  onSubmit: () => void;
}) {
  const t = useDict(messages);
  const shown = (f: keyof FieldErrors) => (touched[f] ? errors[f] : undefined);
  const set = (patch: Partial<SearchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form
      className="card h-fit space-y-4 p-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto"
      data-testid="search-form"
      aria-label={t("title")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <CityField city={draft.city} cities={cities} error={shown("city")} onCity={(city) => set({ city })} touch={() => touch("city")} />
      <StayFields draft={draft} today={today} errors={errors} shown={shown} set={set} touch={touch} />
      {agencyType === null && (
        <div>
          <label className="label" htmlFor="agency-type">
            {t("agencyType")}
          </label>
          <select
            id="agency-type"
            className="input"
            value={draft.type}
            onChange={(e) =>
              set({
                type: e.target.value === "wholesale" ? "wholesale" : "retailer",
              })
            }
          >
            <option value="retailer">{t("retailer")}</option>
            <option value="wholesale">{t("wholesale")}</option>
          </select>
        </div>
      )}
      <RoomGroups
        groups={draft.groups}
        setGroups={(groups) =>
          setDraft((d) => ({
            ...d,
            groups: typeof groups === "function" ? groups(d.groups) : groups,
          }))
        }
        showMissing={Boolean(touched.ages)}
      />
      <button type="submit" className="btn-primary w-full">
        {busy ? t("searching") : t("search")}
      </button>
    </form>
  );
}

/** The city, typed (with the known cities offered) or picked from its chips. */
function CityField({ city, cities, error, onCity, touch }: { city: string; cities: string[]; error: string | undefined; onCity: (city: string) => void; touch: () => void }) {
  const t = useDict(messages);
  const knownCity = cities.find((c) => c === normalizeCity(city)) ?? null;
  return (
    <Field id="city" label={t("city")} error={error}>
      <input
        {...fieldA11y("city", error)}
        className="input"
        list="known-cities"
        placeholder={t("cityPlaceholder")}
        value={city}
        onChange={(e) => onCity(e.target.value)}
        onBlur={touch}
        autoComplete="off"
      />
      <datalist id="known-cities">
        {cities.map((c) => (
          <option key={c} value={cityLabel(c)} />
        ))}
      </datalist>
      <div className="mt-2 flex flex-wrap gap-1">
        {cities.map((c) => (
          <button
            key={c}
            type="button"
            onClick={() => {
              onCity(cityLabel(c));
              touch();
            }}
            aria-pressed={knownCity === c}
            className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${knownCity === c ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {cityLabel(c)}
          </button>
        ))}
      </div>
    </Field>
  );
}

/** Arrival and nights, and the departure they give. */
function StayFields({
  draft,
  today,
  errors,
  shown,
  set,
  touch,
}: {
  draft: SearchDraft;
  today: string;
  errors: FieldErrors;
  shown: (f: keyof FieldErrors) => string | undefined;
  set: (patch: Partial<SearchDraft>) => void;
  touch: (f: string) => void;
}) {
  const t = useDict(messages);
  const { locale } = useI18n();
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field id="checkin" label={t("checkin")} error={shown("checkin")}>
          <input
            {...fieldA11y("checkin", shown("checkin"))}
            type="date"
            className="input"
            min={today}
            value={draft.checkin}
            onChange={(e) => set({ checkin: e.target.value })}
            onBlur={() => touch("checkin")}
          />
        </Field>
        <Field id="nights" label={t("nights")} error={shown("nights")}>
          <input
            {...fieldA11y("nights", shown("nights"))}
            type="number"
            inputMode="numeric"
            className="input"
            min={1}
            max={30}
            value={draft.nights}
            onChange={(e) => set({ nights: e.target.value })}
            onBlur={() => touch("nights")}
          />
        </Field>
      </div>
      {isIsoDate(draft.checkin) && !errors.nights && (
        <p className="-mt-2 text-xs text-slate-600" data-testid="search-checkout">
          {t("checkout", {
            date: formatDate(addDays(draft.checkin, Number(draft.nights)), locale),
          })}
        </p>
      )}
    </>
  );
}

type Group = SearchDraft["groups"][number];
type SetGroups = (g: Group[] | ((g: Group[]) => Group[])) => void;

/** The rooms asked for: adults, children and each child's age (asked for, never assumed). */
function RoomGroups({ groups, setGroups, showMissing }: { groups: Group[]; setGroups: SetGroups; showMissing: boolean }) {
  const t = useDict(messages);
  // The first child without an age carries the id Buscar focuses.
  const firstMissing = groups.flatMap((x, gi) => x.children.map((a, ci) => (a === null ? `${gi}-${ci}` : ""))).find(Boolean);
  return (
    <fieldset className="space-y-3">
      <legend className="label">{t("groups")}</legend>
      {groups.map((g, i) => (
        <RoomGroup
          key={i}
          index={i}
          group={g}
          removable={groups.length > 1}
          onChange={(next) => setGroups((gs) => gs.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setGroups((gs) => gs.filter((_, j) => j !== i))}
          showMissing={showMissing}
          firstMissing={firstMissing}
        />
      ))}
      {groups.length < MAX_GROUPS && (
        <button type="button" className="btn-secondary w-full" onClick={() => setGroups((gs) => [...gs, { adults: 2, children: [] }])}>
          + {t("addGroup")}
        </button>
      )}
    </fieldset>
  );
}

/** One room: its adults, its children and their ages. */
function RoomGroup({
  index: i,
  group: g,
  removable,
  onChange,
  onRemove,
  showMissing,
  firstMissing,
}: {
  index: number;
  group: Group;
  removable: boolean;
  onChange: (g: Group) => void;
  onRemove: () => void;
  showMissing: boolean;
  firstMissing: string | undefined;
}) {
  const t = useDict(messages);
  return (
    <div className="rounded-md border border-slate-200 p-3" data-testid={`group-${i}`}>
      <div className="mb-2 flex items-center justify-between">
        <span className="text-sm font-medium text-slate-700">{t("group", { n: i + 1 })}</span>
        {removable && (
          <button type="button" className="text-xs text-red-700 hover:underline" onClick={onRemove}>
            {t("removeGroup")}
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <CountSelect id={`adults-${i}`} label={t("adults")} from={1} to={8} value={g.adults} onChange={(adults) => onChange({ ...g, adults })} />
        <CountSelect
          id={`children-${i}`}
          label={t("children")}
          from={0}
          to={4}
          value={g.children.length}
          onChange={(n) =>
            onChange({
              ...g,
              children: Array.from({ length: n }, (_, k) => g.children[k] ?? null),
            })
          }
        />
        {g.children.map((age, k) => (
          <ChildAge
            key={k}
            id={firstMissing === `${i}-${k}` ? "search-ages" : `age-${i}-${k}`}
            n={k + 1}
            age={age}
            missing={age === null && showMissing}
            describedBy={age === null ? `ages-missing-${i}` : undefined}
            onChange={(a) =>
              onChange({
                ...g,
                children: g.children.map((x, j) => (j === k ? a : x)),
              })
            }
          />
        ))}
      </div>
      {g.children.some((a) => a === null) && (
        <p id={`ages-missing-${i}`} className={`mt-2 text-xs ${showMissing ? "text-red-700" : "text-amber-900"}`} data-testid="ages-missing">
          {t("agesMissing")}
        </p>
      )}
    </div>
  );
}

function CountSelect({ id, label, from, to, value, onChange }: { id: string; label: string; from: number; to: number; value: number; onChange: (n: number) => void }) {
  return (
    <div>
      <label className="label text-xs" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: to - from + 1 }, (_, k) => k + from).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A child's age, chosen from a list (none until the agent picks one). */
function ChildAge({
  id,
  n,
  age,
  missing,
  describedBy,
  onChange,
}: {
  id: string;
  n: number;
  age: number | null;
  missing: boolean;
  describedBy: string | undefined;
  onChange: (age: number | null) => void;
}) {
  const t = useDict(messages);
  return (
    <div>
      <label className="label text-xs" htmlFor={id}>
        {t("childAge", { n })}
      </label>
      <select
        id={id}
        className={`input ${age === null ? "border-amber-500" : ""}`}
        aria-invalid={missing || undefined}
        aria-describedby={describedBy}
        value={age ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      >
        <option value="">{t("chooseAge")}</option>
        {Array.from({ length: 18 }, (_, a) => a).map((a) => (
          <option key={a} value={a}>
            {a === 0 ? t("ageBaby") : a === 1 ? t("ageOne") : t("ageYears", { n: a })}
          </option>
        ))}
      </select>
    </div>
  );
}
