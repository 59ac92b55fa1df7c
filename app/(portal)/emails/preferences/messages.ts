// Strings of 'Preferencias de correo': which non-essential e-mails an agency or a hotel admin receives.
import { defineMessages } from "@/lib/i18n";

export const messages = defineMessages({
  es: {
    title: "Preferencias de correo",
    agencySubtitle: "Elija qué avisos recibe su agencia en {address}.",
    userSubtitle: "Elija qué avisos del hotel recibe en {address}.",
    notices: "Avisos",
    on: "Activo",
    off: "Desactivado",
    optIn: "Se envía solo si lo activa",
    save: "Guardar preferencias",
    saved: "Preferencias guardadas.",
    error: "No se pudieron guardar las preferencias.",
    balance: {
      title: "Aviso de saldo bajo",
      help: "Cuando un cobro deja su saldo precargado por debajo de este valor, le enviamos un correo (una vez cada vez que lo cruza).",
      label: "Avisarme cuando el saldo baje de (COP)",
      placeholder: "Por ejemplo 500000",
      none: "Deje el campo vacío para no recibir este aviso.",
      invalid: "Escriba un valor en pesos mayor que 0, sin puntos ni comas.",
    },
    back: "Volver a Correos",
  },
  en: {
    title: "E-mail preferences",
    agencySubtitle: "Choose which notices your agency receives at {address}.",
    userSubtitle: "Choose which hotel notices you receive at {address}.",
    notices: "Notices",
    on: "On",
    off: "Off",
    optIn: "Sent only if you turn it on",
    save: "Save preferences",
    saved: "Preferences saved.",
    error: "The preferences could not be saved.",
    balance: {
      title: "Low balance alert",
      help: "When a charge takes your preloaded balance below this amount, we e-mail you (once each time it crosses).",
      label: "Tell me when the balance goes below (COP)",
      placeholder: "For example 500000",
      none: "Leave it empty to get no alert.",
      invalid: "Type an amount in pesos above 0, without dots or commas.",
    },
    back: "Back to E-mails",
  },
});
