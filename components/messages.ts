// Strings of the shared components (components/): the list, its filters and paging, money states.
import { defineMessages } from "@/lib/i18n";

export const kitMessages = defineMessages({
  es: {
    filters: { show: "Filtros", active: "Filtros ({n} activos)", activeOne: "Filtros (1 activo)", hide: "Ocultar filtros" },
    pager: { prev: "Anterior", next: "Siguiente", page: "Página {page} de {pages}", nav: "Paginación" },
    money: { paid: "Pagado", due: "Por pagar {amount}", partial: "Pagado {paid} · por pagar {due}" },
    sort: { label: "Ordenar por" },
  },
  en: {
    filters: { show: "Filters", active: "Filters ({n} active)", activeOne: "Filters (1 active)", hide: "Hide filters" },
    pager: { prev: "Previous", next: "Next", page: "Page {page} of {pages}", nav: "Pagination" },
    money: { paid: "Paid", due: "To pay {amount}", partial: "Paid {paid} · to pay {due}" },
    sort: { label: "Sort by" },
  },
});
