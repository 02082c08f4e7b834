import { useCallback } from "react";
import { href } from "react-router";
import { usePushOptIn } from "~/lib/push-client";
import { notify, notifyError } from "~/lib/toast";

const NO_FIELDS = {};

/** 'Activar avisos en este dispositivo': this device's staff push notifications (ADR 0014). */
export function useStaffPush() {
  const say = useCallback((text: string, ok: boolean) => {
    if (ok) notify({ title: "Avisos", description: text });
    else notifyError(text);
  }, []);
  return usePushOptIn(href("/api/push/staff"), NO_FIELDS, say);
}
