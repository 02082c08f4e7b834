import { useEffect, useRef } from "react";
import { notify, type ToastMessage } from "./toast";

type ActionData = { ok: boolean; toast?: ToastMessage; at: number } | undefined;

/**
 * Shows the toast an action returned, once per response, and calls `onSuccess` after a
 * successful one (e.g. to close a dialog). A failed action leaves the form as typed.
 */
export function useActionToast(data: ActionData, onSuccess?: () => void): void {
  const seen = useRef<number | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  useEffect(() => {
    if (!data || seen.current === data.at) return;
    seen.current = data.at;
    if (data.toast) notify(data.toast);
    if (data.ok) success.current?.();
  }, [data]);
}
