import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/lib/toast";
import type { ProductActionResult } from "~/server/catalog/actions";

/**
 * A fetcher posting to the /admin action whose answers become the spec's toasts. `onDone`
 * runs once per answer. Submissions while one is in flight are ignored (SPEC §4.5).
 */
export function useProductFetcher(onDone?: (result: ProductActionResult) => void) {
  const fetcher = useFetcher<ProductActionResult>();
  const pending = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    pending.current = false;
    const result = fetcher.data;
    if (!result || typeof result !== "object" || !("ok" in result)) return;
    if (result.ok) notify({ title: result.title, description: result.description });
    else notify({ title: "Error", description: result.description, variant: "destructive" });
    done.current?.(result);
  }, [fetcher.state, fetcher.data]);

  const submit = (form: FormData, multipart = false): boolean => {
    if (pending.current || fetcher.state !== "idle") return false;
    pending.current = true;
    void fetcher.submit(form, {
      method: "post",
      action: "/admin",
      encType: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded",
    });
    return true;
  };

  return { fetcher, submit, busy: fetcher.state !== "idle" };
}
