// Amounts as Colombians type them: "350.000", "350000", "$ 350.000,00", "1.500.000,5", pasted "1,500,000".
// Dot groups thousands and comma marks decimals (es-CO); a separator followed by exactly three digits is read as
// grouping, since money here never has three fraction digits.

/** The number a person meant, or null when the text is not an amount (empty, letters, two decimal marks). */
export function parseMoneyText(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f$]|COP/gi, "");
  if (cleaned === "") return null;
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const dots = (cleaned.match(/\./g) ?? []).length;
  const commas = (cleaned.match(/,/g) ?? []).length;
  let intPart = cleaned;
  let fraction = "";
  if (dots > 0 && commas > 0) {
    // Both: the one that comes last is the decimal mark, and it may appear once.
    const decimalMark = cleaned.lastIndexOf(",") > cleaned.lastIndexOf(".") ? "," : ".";
    const groupMark = decimalMark === "," ? "." : ",";
    if ((decimalMark === "," ? commas : dots) > 1) return null;
    const i = cleaned.lastIndexOf(decimalMark);
    intPart = cleaned.slice(0, i);
    fraction = cleaned.slice(i + 1);
    if (!validGrouping(intPart, groupMark)) return null;
    intPart = intPart.split(groupMark).join("");
  } else if (dots + commas > 0) {
    const mark = dots > 0 ? "." : ",";
    const parts = cleaned.split(mark);
    const last = parts[parts.length - 1];
    if (parts.length > 2 || last.length === 3) {
      if (!validGrouping(cleaned, mark)) return null;
      intPart = parts.join("");
    } else {
      intPart = parts[0];
      fraction = last;
    }
  }
  if (fraction.length > 2 || !/^\d*$/.test(fraction) || !/^\d+$/.test(intPart)) return null;
  const n = Number(`${intPart}.${fraction || "0"}`);
  return Number.isFinite(n) ? n : null;
}

function validGrouping(text: string, mark: string): boolean {
  const groups = text.split(mark);
  return groups[0].length >= 1 && groups[0].length <= 3 && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** Digits grouped with dots and the decimal part after a comma, as the field shows while typing ("1.500.000,5"). */
export function groupMoneyText(text: string): string {
  const cleaned = text.replace(/[^\d,]/g, "");
  const i = cleaned.indexOf(",");
  const intDigits = (i >= 0 ? cleaned.slice(0, i) : cleaned).replace(/^0+(?=\d)/, "");
  const grouped = intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  if (i < 0) return grouped;
  const fraction = cleaned.slice(i + 1).replace(/,/g, "").slice(0, 2);
  return `${grouped || "0"},${fraction}`;
}

/** A number as the field shows it when it is not being edited ("350.000", "1.250,50"). */
export function moneyFieldText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  const [int, frac] = value.toFixed(2).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return frac === "00" ? grouped : `${grouped},${frac}`;
}

/** Where the caret goes after regrouping: after the same number of digits (and comma) it was after. */
export function caretAfterRegroup(formatted: string, significantBeforeCaret: number): number {
  if (significantBeforeCaret <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[\d,]/.test(formatted[i])) seen += 1;
    if (seen === significantBeforeCaret) return i + 1;
  }
  return formatted.length;
}
