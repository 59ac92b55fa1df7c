// Portal strings of the back office (issue 16): dashboards, arrivals, exports, teams and hotel admins.
const es = {
  export: "Exportar",
  exportHint: "Descarga todas las filas del filtro en CSV para Excel",
  hotelFilter: "Hotel",
  allHotels: "Todos los hoteles",
  composition: {
    adults: "{n} adultos",
    adult: "1 adulto",
    children: "{n} niños",
    child: "1 niño",
    rooms: "{n} habitaciones",
    room: "1 habitación",
    and: "y",
  },
  hotelList: { title: "Reservas", subtitle: "Reservas hechas en sus hoteles por todas las agencias" },
  arrivals: {
    title: "Llegadas",
    subtitle: "Huéspedes que llegan a sus hoteles",
    today: "Hoy",
    week: "Próximos 7 días",
    empty: "No hay llegadas en este periodo.",
    guest: "Huésped",
    composition: "Composición",
    stay: "Estadía",
    nights: "{n} noches",
    night: "1 noche",
    paid: "Pagado",
    of: "de {total}",
    status: "Estado",
    hotel: "Hotel",
    count: "{n} llegadas",
  },
  dash: {
    range: "Del {from} al {to}",
    occupancy: "Ocupación",
    adr: "Tarifa media (ADR)",
    revpar: "RevPAR",
    revenue: "Ingresos cobrados",
    refunds: "Reembolsos",
    roomNights: "Habitaciones-noche vendidas",
    overTime: "Ocupación e ingresos por día",
    overTimeAgency: "Habitaciones-noche e ingresos por día",
    byMethod: "Ingresos por medio de pago",
    byOutcome: "Reservas por resultado en el periodo",
    noRevenue: "Sin pagos aprobados en el periodo.",
    method: { card: "Tarjeta", cash: "Efectivo", bank_transfer: "Transferencia (PSE)", balance: "Saldo precargado" },
    outcome: { created: "Creadas", confirmed: "Confirmadas", expired: "Vencidas", cancelled: "Canceladas" },
    actions: "Para atender hoy",
    arrivalsToday: "Llegadas de hoy",
    pendingSoon: "Pagos pendientes que vencen en 24 horas",
    linksSoon: "Enlaces de pago que vencen en 24 horas",
    none: "Nada pendiente.",
    seeAll: "Ver todo",
    due: "vence {at}",
    paidLabel: "pagado",
    dueLabel: "por pagar",
    chartRevenue: "Ingresos",
    chartOccupancy: "Ocupación",
    chartSold: "Habitaciones-noche",
  },
  team: {
    title: "Equipo",
    subtitle: "Usuarios del portal de su agencia, sus permisos y claves API",
    forbidden: "Solo un administrador del equipo puede gestionar los usuarios. Pídale acceso a un administrador de su agencia.",
    name: "Nombre",
    email: "Correo electrónico",
    password: "Contraseña inicial",
    admin: "Administrador del equipo",
    add: "Agregar usuario",
    created: "Usuario creado.",
    active: "Activo",
    inactive: "Desactivado",
    deactivate: "Desactivar",
    activate: "Activar",
    makeAdmin: "Hacer administrador",
    removeAdmin: "Quitar administración",
    giveKey: "Dar clave API",
    keyShown: "Clave API de {name} (se muestra una sola vez):",
    role: "Rol",
    member: "Miembro",
    status: "Estado",
    actions: "Acciones",
    you: "usted",
    confirmDeactivate: "¿Desactivar a {name}? Sus sesiones se cierran y sus claves dejan de funcionar.",
  },
  hotelAdmins: {
    title: "Administradores de hotel",
    subtitle: "Accesos al portal de cada hotel",
    hotel: "Hotel",
    choose: "Elija un hotel",
    none: "Este hotel no tiene administradores.",
    add: "Crear acceso",
    created: "Acceso creado.",
    hotels: "Hoteles",
    assign: "Asignar hoteles",
    save: "Guardar hoteles",
    remove: "Quitar de este hotel",
  },
};

export const backofficeMessages = { es, en: es };
export type BackofficeMessages = typeof es;

/** "2 adultos y 1 niño" (and the rooms when more than one). */
export function composition(t: (key: string, vars?: Record<string, string | number>) => string, r: { adults: number; children: number; rooms?: number }) {
  const parts = [r.adults === 1 ? t("composition.adult") : t("composition.adults", { n: r.adults })];
  if (r.children > 0) parts.push(r.children === 1 ? t("composition.child") : t("composition.children", { n: r.children }));
  const people = parts.join(` ${t("composition.and")} `);
  return r.rooms && r.rooms > 1 ? `${people} · ${t("composition.rooms", { n: r.rooms })}` : people;
}

/** dd/mm/aaaa from YYYY-MM-DD (or an ISO instant, read in Bogotá by its own offset). */
export function ddmmyyyy(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : s;
}
