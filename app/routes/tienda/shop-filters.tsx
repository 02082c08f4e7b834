import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { ALL_CATEGORIES, type Category, shopHref } from "~/lib/catalog";
import { afterEarlyTaps } from "~/lib/early-taps";

const TYPING_DEBOUNCE_MS = 300;

export type ShopFiltersProps = {
  q: string;
  categoria: string;
  categories: Category[];
};

/**
 * Search box and category buttons. Both live in the URL: without JavaScript the search is a
 * plain GET form and the categories are links; with it, typing filters after a short pause
 * without a full reload (the history entry is replaced, the field keeps focus). The field is
 * uncontrolled: a search typed before the page hydrated stays and is applied once it has.
 */
export function ShopFilters({ q, categoria, categories }: ShopFiltersProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = (text: string) =>
    navigate(shopHref({ q: text.trim(), categoria }), { replace: true, preventScrollReset: true });
  const onType = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(text), TYPING_DEBOUNCE_MS);
  };

  // At mount: a search typed before the page hydrated (the results still show `q`) is applied,
  // after the taps made before hydration on the products the visitor saw (app/lib/early-taps.ts).
  // Later, back/forward or a category link changed the URL: show its text unless the user is typing.
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `q` from the URL counts.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (!mounted.current) {
      mounted.current = true;
      return afterEarlyTaps(() => {
        if (input.value.trim() !== q) search(input.value);
      });
    }
    if (document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const all = [{ value: ALL_CATEGORIES, label: "Todos" }, ...categories];
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action="/tienda"
        role="search"
        className="flex gap-2"
        onSubmit={() => clearTimeout(timer.current)}
      >
        <label htmlFor="shop-search" className="sr-only">
          Buscar productos
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id="shop-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Buscar productos..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="pl-10"
            onChange={(e) => onType(e.currentTarget.value)}
          />
        </div>
        {categoria !== ALL_CATEGORIES && <input type="hidden" name="categoria" value={categoria} />}
        <Button type="submit" variant="outline">
          Buscar
        </Button>
      </Form>
      <nav aria-label="Categorías">
        <ul className="flex flex-wrap gap-2">
          {all.map((c) => {
            const active = c.value === categoria;
            return (
              <li key={c.value}>
                <Link
                  to={shopHref({ q, categoria: c.value })}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors md:h-9",
                    active
                      ? "border-primary bg-primary text-primary-foreground"
                      : "bg-card hover:border-primary/50 hover:text-primary",
                  )}
                >
                  {c.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
