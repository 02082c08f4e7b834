import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Input } from "~/components/ui/input";
import { INBOX_SEARCH_MAX, type InboxFilter } from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";

/**
 * The search over every conversation (on the server): it follows what is typed after a short
 * pause, and the page's own `q` when the URL changes (back button, a filter link). The spec's
 * placeholder 'Buscar cliente...' (docs/product.md §3.3).
 */
export function InboxSearch({
  searched,
  filter,
  selected,
}: {
  searched: string;
  filter: InboxFilter;
  selected: string | null;
}) {
  const [q, setQ] = useState(searched);
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setQ(searched);
  }
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const go = (target: HTMLFormElement) => submit(target, { replace: true, preventScrollReset: true });

  return (
    <Form
      ref={form}
      method="get"
      action={CHAT_URLS.inbox}
      role="search"
      className="relative px-3 pb-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        go(e.currentTarget);
      }}
    >
      <input type="hidden" name="filtro" value={filter} />
      {selected ? <input type="hidden" name="c" value={selected} /> : null}
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        name="q"
        value={q}
        maxLength={INBOX_SEARCH_MAX}
        onChange={(e) => {
          setQ(e.target.value);
          if (timer.current) clearTimeout(timer.current);
          const target = form.current;
          timer.current = setTimeout(() => target && go(target), 350);
        }}
        aria-label="Buscar cliente por nombre, teléfono o correo"
        placeholder="Buscar cliente..."
        className="pl-9"
      />
    </Form>
  );
}
