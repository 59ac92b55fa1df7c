// Spanish names of the wire fields, for two readers: the model (descriptions in the tools' JSON Schema) and
// the guest (error texts say "checkin (fecha de llegada): ..." rather than only the wire name).

interface Field {
  /** A few words, used in error texts. */
  label: string;
  /** What the model should send, used in the JSON Schema. */
  description: string;
}

const FIELDS: Record<string, Field> = {
  agency_type: { label: "tipo de agencia", description: "Tipo de agencia: retailer (minorista) o wholesale (mayorista). Con una clave de agencia se puede omitir: se usa el de la agencia." },
  city: { label: "ciudad", description: "Ciudad, como la escribe una persona (\"Santa Marta\") o como la lista list_cities (\"SANTA_MARTA\")." },
  checkin: { label: "fecha de llegada", description: "Fecha de llegada AAAA-MM-DD (hora de Bogotá), desde hoy." },
  checkout: { label: "fecha de salida", description: "Fecha de salida AAAA-MM-DD, posterior a la llegada." },
  nights: { label: "noches", description: "Número de noches (1 a 30)." },
  layout: { label: "habitaciones pedidas", description: "Una entrada por habitación pedida, con sus adultos y las edades de sus niños." },
  adults: { label: "adultos", description: "Número de adultos." },
  children: { label: "niños", description: "Número de niños." },
  children_ages: { label: "edades de los niños", description: "Edades de los niños (0 a 17 años)." },
  hotel_id: { label: "hotel", description: "Id del hotel, tal como lo devuelve la búsqueda (hotel.id)." },
  room_type: { label: "tipo de habitación", description: "Opcional: solo ese tipo de habitación (roomType o roomId)." },
  reservation: { label: "reserva", description: "Los datos de la reserva; los números van como texto (\"2\")." },
  rooms: { label: "habitaciones", description: "Total de habitaciones, como texto." },
  firstName: { label: "nombre del huésped", description: "Nombre del huésped principal." },
  lastName: { label: "apellido del huésped", description: "Apellido del huésped principal." },
  country: { label: "país", description: "País del huésped, código ISO de 3 letras (COL)." },
  email: { label: "correo electrónico", description: "Correo electrónico del huésped." },
  telephone: { label: "teléfono", description: "Teléfono del huésped con indicativo del país, solo dígitos (573001234567)." },
  currency: { label: "moneda", description: "Moneda de 3 letras (COP)." },
  notes: { label: "notas", description: "Notas para el hotel (opcional)." },
  roomsData: { label: "habitaciones a reservar", description: "Una entrada por producto elegido en la búsqueda: id = roomId, rateId = rateId del producto." },
  id: { label: "habitación", description: "roomId de la habitación elegida en la búsqueda." },
  rateId: { label: "tarifa", description: "rateId del producto elegido en la búsqueda." },
  quantity: { label: "cantidad", description: "Cuántas habitaciones de este producto, como texto (\"1\")." },
  booking_id: { label: "código de reserva", description: "Código de la reserva (chatbot_id), p. ej. HBK7M2P9QX." },
  guest_name: { label: "nombre del huésped", description: "Nombre de quien paga." },
  phone: { label: "teléfono", description: "Teléfono de quien paga, con o sin +indicativo." },
  amount: { label: "valor", description: "Valor a cobrar como texto con hasta dos decimales (\"640000.00\")." },
  booking_dates: { label: "fechas de la estadía", description: "Opcional: \"AAAA-MM-DD - AAAA-MM-DD\"." },
  description: { label: "descripción", description: "Qué se paga; el huésped lo ve en la página de pago." },
  available_hours: { label: "horas de vigencia", description: "Horas que el enlace acepta pagos (1 a 720)." },
  source: { label: "origen", description: "Opcional: de dónde viene el enlace (p. ej. whatsapp)." },
  external_ref_id: { label: "referencia externa", description: "Opcional: su propia referencia." },
  temp_webhook_url: { label: "URL de notificación", description: "Opcional: URL https que recibe cada intento de pago." },
  redirect: { label: "redirección", description: "Opcional: a dónde vuelve el huésped después de pagar." },
  success_url: { label: "URL de éxito", description: "URL tras un pago aprobado." },
  failure_url: { label: "URL de fallo", description: "URL tras un pago rechazado." },
  agency_id: { label: "agencia", description: "Id de la agencia. Con una clave de agencia se puede omitir: se usa la de la clave." },
  reservation_code: { label: "código de reserva", description: "Opcional: código (chatbot_id) de una reserva pendiente; el pago la abona." },
  code: { label: "código del enlace", description: "Código del enlace de pago (el final de su URL /pay/...)." },
  idempotency_key: { label: "clave de idempotencia", description: "Opcional: la misma clave con los mismos datos en 24 h devuelve la misma respuesta sin repetir la operación (como la cabecera Idempotency-Key)." },
  ccData: { label: "datos de tarjeta", description: "No se aceptan por este canal." },
  ref_name: { label: "nombre del pagador", description: "Nombre de quien paga." },
  ref_lastname: { label: "apellido del pagador", description: "Apellido de quien paga." },
  ref_number: { label: "referencia", description: "Código de la reserva (chatbot_id) que se paga, o su propia referencia del cobro." },
  detail: { label: "detalle", description: "Opcional: qué se paga (máximo 255 caracteres)." },
  phone_number: { label: "celular Nequi", description: "Celular Nequi del pagador: 10 dígitos que empiezan por 3, sin espacios ni +57 (3001234567). Allí llega la solicitud de pago." },
  transaction_id: { label: "transacción", description: "Id de la transacción (tx_...), como lo devolvió el cobro." },
};

/** Where a field means something else inside a body ("reservation.city" is where the guest lives). */
const IN_CONTEXT: Record<string, string> = {
  "reservation.city": "Opcional: ciudad de residencia del huésped.",
  "reservation.children_ages": "Edades de los niños separadas por comas (\"5,8\"); obligatorio si children no es \"0\".",
  "reservation.adults": "Total de adultos, como texto (\"2\").",
  "reservation.children": "Total de niños, como texto (\"0\").",
  "reservation.nights": "Noches, como texto (\"2\"); deben coincidir con las fechas.",
  "reservation.roomsData[].adults": "Adultos en esta habitación, como texto.",
  "reservation.roomsData[].children": "Niños en esta habitación, como texto.",
  "reservation.roomsData[].checkin": "Fecha de llegada AAAA-MM-DD de esta habitación.",
  "reservation.roomsData[].checkout": "Fecha de salida AAAA-MM-DD de esta habitación.",
  "layout[].children_ages": "Edades de los niños de esta habitación (0 a 17), p. ej. [5, 8].",
  "layout[].adults": "Adultos en esta habitación (1 a 20).",
};

export function fieldLabel(name: string): string | undefined {
  return FIELDS[name]?.label;
}

/** "reservation.roomsData.0.rateId" -> "tarifa, habitación a reservar n.º 1"; undefined when the leaf is unknown. */
export function pathLabel(path: string): string | undefined {
  const parts = path.split(".");
  const leaf = [...parts].reverse().find((p) => !/^\d+$/.test(p));
  const label = leaf ? fieldLabel(leaf) : undefined;
  if (!label) return undefined;
  const index = parts.findIndex((p) => /^\d+$/.test(p));
  if (index > 0 && parts[index - 1] !== leaf) return `${label}, elemento ${Number(parts[index]) + 1} de ${fieldLabel(parts[index - 1]) ?? parts[index - 1]}`;
  if (index > 0) return `${label}, elemento ${Number(parts[index]) + 1}`;
  return label;
}

/**
 * A REST `detail` ("checkin: debe ser ...; layout.0.adults: ...") with each field also named in Spanish:
 * "checkin (fecha de llegada): debe ser ...; layout.0.adults (adultos, elemento 1 de habitaciones pedidas): ...".
 */
export function labelDetail(detail: string): string {
  return detail
    .split("; ")
    .map((part) => {
      const m = /^([A-Za-z_][\w.]*): ([\s\S]*)$/.exec(part);
      if (!m) return part;
      const label = pathLabel(m[1]);
      return label ? `${m[1]} (${label}): ${m[2]}` : part;
    })
    .join("; ");
}

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; description?: string; [k: string]: unknown };

/** Adds the Spanish description of every known property that has none, at any depth. */
export function describeSchema<T extends JsonSchema>(schema: T): T {
  const walk = (s: JsonSchema, prefix: string) => {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const path = `${prefix}${name}`;
      if (!prop.description) {
        const text = IN_CONTEXT[path] ?? FIELDS[name]?.description;
        if (text) prop.description = text;
      }
      walk(prop, `${path}.`);
    }
    if (s.items) walk(s.items, prefix.replace(/\.$/, "[]."));
    for (const alt of s.anyOf ?? []) walk(alt, prefix);
  };
  walk(schema, "");
  return schema;
}
