// Lookups for cash and bank-transfer orders (docs/decisions.md 7.7), each [{code, name}].
// Person types use "0" natural and "1" jurídica, as PSE does.
export interface Lookup {
  code: string;
  name: string;
}

export const BANKS: Lookup[] = [
  { code: "1007", name: "Bancolombia" },
  { code: "1001", name: "Banco de Bogotá" },
  { code: "1051", name: "Davivienda" },
  { code: "1013", name: "BBVA Colombia" },
  { code: "1023", name: "Banco de Occidente" },
  { code: "1002", name: "Banco Popular" },
  { code: "1052", name: "Banco AV Villas" },
  { code: "1032", name: "Banco Caja Social" },
  { code: "1019", name: "Scotiabank Colpatria" },
  { code: "1009", name: "Citibank" },
  { code: "1012", name: "Banco GNB Sudameris" },
  { code: "1006", name: "Banco Itaú" },
  { code: "1062", name: "Banco Falabella" },
  { code: "1060", name: "Banco Pichincha" },
  { code: "1040", name: "Banco Agrario" },
  { code: "1066", name: "Banco Cooperativo Coopcentral" },
  { code: "1059", name: "Bancamía" },
  { code: "1283", name: "Coltefinanciera" },
  { code: "1292", name: "Confiar Cooperativa Financiera" },
  { code: "1289", name: "Cotrafa" },
  { code: "1803", name: "Powwi" },
  { code: "1507", name: "Nequi" },
  { code: "1551", name: "Daviplata" },
  { code: "1151", name: "Rappipay" },
  { code: "1801", name: "Movii" },
  { code: "1809", name: "Nu Colombia" },
];

export const PERSON_TYPES: Lookup[] = [
  { code: "0", name: "Persona natural" },
  { code: "1", name: "Persona jurídica" },
];

export const DOCUMENT_TYPES: Lookup[] = [
  { code: "CC", name: "Cédula de ciudadanía" },
  { code: "CE", name: "Cédula de extranjería" },
  { code: "NIT", name: "Número de identificación tributaria" },
  { code: "TI", name: "Tarjeta de identidad" },
  { code: "PP", name: "Pasaporte" },
];

export const CASH_METHODS: Lookup[] = [
  { code: "EFECTY", name: "Efecty" },
  { code: "BALOTO", name: "Baloto" },
  { code: "SURED", name: "SuRed" },
  { code: "GANA", name: "Gana" },
  { code: "SUCHANCE", name: "Su Chance" },
  { code: "APOSTAR", name: "Apostar" },
  { code: "ACERTEMOS", name: "Acertemos" },
  { code: "JER", name: "JER" },
];

export const lookupName = (list: Lookup[], code: string | null | undefined) => list.find((l) => l.code === code)?.name ?? code ?? "";
