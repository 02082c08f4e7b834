/** What Web Push opt-ins say (app/lib/push.ts has the schemas; this module stays without zod). */
export const PUSH_TEXTS = {
  staffOn: "Avisos activados en este dispositivo.",
  staffOff: "Avisos desactivados en este dispositivo.",
  orderOn: "Te avisaremos cuando cambie el estado de tu pedido.",
  orderOff: "Ya no recibirás avisos de este pedido.",
  denied:
    "El navegador tiene bloqueadas las notificaciones de este sitio. Permítelas en la configuración del navegador.",
  unsupported: "Este navegador no admite notificaciones.",
  failed: "No se pudieron activar los avisos. Inténtalo de nuevo.",
  disabled: "Los avisos no están disponibles en este momento.",
  tooMany: "Este pedido ya tiene demasiados dispositivos avisados.",
} as const;
