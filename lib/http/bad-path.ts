// What proxy.ts answers for a path the input gate refuses (malformed %-encoding, NUL, lone surrogate):
// /api the standard JSON 400, /wp-json WordPress' `rest_no_route` 404 (400 for a NUL), pages a Spanish 400 page.
import { NextResponse } from "next/server";
import { pathProblem, InputError } from "./input";

const BAD_PATH_PAGE = `<!doctype html>
<html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dirección no válida</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}a{color:#1d4ed8}</style>
</head><body><h1>Dirección no válida</h1>
<p>La dirección que abrió tiene caracteres que no se pueden leer. Revise el enlace o vuelva al <a href="/">inicio</a>.</p>
</body></html>`;

/** The answer to a path the gate refuses, or null when the path is fine. */
export function badPathResponse(pathname: string): Response | null {
  const problem = pathProblem(pathname);
  if (!problem) return null;
  const detail = new InputError("ruta", problem).detail;
  const headers = { "cache-control": "no-store" };
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return NextResponse.json({ code: "400", message: "Solicitud inválida", detail }, { status: 400, headers });
  }
  if (pathname === "/wp-json" || pathname.startsWith("/wp-json/")) {
    if (problem === "codificacion") {
      return NextResponse.json(
        { code: "rest_no_route", message: "No se encontró ninguna ruta que coincida con la URL y el método de la solicitud.", data: { status: 404 } },
        { status: 404, headers },
      );
    }
    return NextResponse.json({ code: "rest_invalid_param", message: `Solicitud no válida: ${detail}`, data: { status: 400 } }, { status: 400, headers });
  }
  return new NextResponse(BAD_PATH_PAGE, { status: 400, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}

