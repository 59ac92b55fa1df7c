// Names people read for identity documents and countries (never the bare code on screen). Pure data: server and
// client pages both use it.
export const DOCUMENT_TYPE_NAMES: Record<string, string> = {
  CC: "Cédula de ciudadanía",
  CE: "Cédula de extranjería",
  NIT: "NIT",
  PP: "Pasaporte",
  TI: "Tarjeta de identidad",
  PEP: "Permiso especial de permanencia (PEP)",
};

export const documentTypeName = (code: string) => DOCUMENT_TYPE_NAMES[code] ?? code;

/** Countries by ISO 3166 alpha-2 code, Colombia first, then by name. */
export const COUNTRIES_2: ReadonlyArray<readonly [string, string]> = [
  ["CO", "Colombia"],
  ["DE", "Alemania"],
  ["AR", "Argentina"],
  ["BO", "Bolivia"],
  ["BR", "Brasil"],
  ["CA", "Canadá"],
  ["CL", "Chile"],
  ["CR", "Costa Rica"],
  ["EC", "Ecuador"],
  ["ES", "España"],
  ["US", "Estados Unidos"],
  ["FR", "Francia"],
  ["GT", "Guatemala"],
  ["IT", "Italia"],
  ["MX", "México"],
  ["NL", "Países Bajos"],
  ["PA", "Panamá"],
  ["PY", "Paraguay"],
  ["PE", "Perú"],
  ["GB", "Reino Unido"],
  ["DO", "República Dominicana"],
  ["UY", "Uruguay"],
  ["VE", "Venezuela"],
];

export const countryName2 = (code: string) => COUNTRIES_2.find(([c]) => c === code.toUpperCase())?.[1] ?? code;
