import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "~/test/render-route";
import { InboxSearch } from "./inbox-search";

const Search = () => <InboxSearch searched="ana" filter="abiertas" selected={null} />;

describe("inbox search (docs/product.md §3.3)", () => {
  it("shows the spec's placeholder and says what it searches", () => {
    renderRoute(Search, { path: "/admin/chat" });
    const box = screen.getByRole("searchbox", { name: "Buscar cliente por nombre, teléfono o correo" });
    expect(box.getAttribute("placeholder")).toBe("Buscar cliente...");
    expect((box as HTMLInputElement).value).toBe("ana");
  });
});
