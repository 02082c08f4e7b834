import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteReplyVars } from "~/lib/saved-reply-text";
import { renderRoute } from "~/test/render-route";
import { ReplyComposer, type ReplyComposerProps } from "./reply-composer";
import { matchReplies, type SavedReplyOption, slashToken } from "./saved-replies";

// The team's starter replies (drizzle/0023_chat_context.sql), in the server's order, and one of the person's own.
const REPLIES: SavedReplyOption[] = [
  { id: "m1", title: "Abrimos mañana", body: "Abrimos mañana a las 9.", mine: true },
  { id: "t1", title: "Gracias", body: "Gracias por escribirnos, {nombre}. ¡Que tengas un buen día!" },
  { id: "t2", title: "Horario", body: "Nuestro horario (hora de Miami):\n{horario}" },
  {
    id: "t3",
    title: "Precios de envío",
    body: "Estos son nuestros precios de envío:\n{precios}\n¿Quieres que te ayudemos a preparar tu envío?",
  },
  { id: "t4", title: "Saludo", body: "Hola {nombre}, gracias por escribirnos. ¿En qué te podemos ayudar?" },
  { id: "t5", title: "Seguimiento", body: "Puedes ver dónde está tu pedido en {seguimiento}." },
  { id: "t6", title: "Tamaños de caja", body: "Tenemos estas cajas para envíos:\n{cajas}" },
];
const VARS: SiteReplyVars = {
  precios: "• 20×20×20 pulgadas: $245",
  horario: "Lunes a Viernes: 9:00 AM - 6:00 PM",
  cajas: "• 20×20×20 pulgadas (51×51×51 cm)",
  seguimiento: "http://localhost/seguimiento",
};

// No photo picked: the reply box shows its tabs and text.
const IDLE_PHOTO = {
  pick: async () => {},
  draft: null,
  send: () => {},
  cancel: () => {},
  busy: false,
  preparing: false,
} as ReplyComposerProps["photo"];

function Composer({ name }: { name: string }) {
  const [draft, setDraft] = useState("");
  return (
    <ReplyComposer
      clientId="session_1"
      name={name}
      draft={draft}
      onDraft={setDraft}
      onSend={() => {}}
      onNote={() => {}}
      photo={IDLE_PHOTO}
      canManage
      savedReplies={REPLIES}
      replyVars={VARS}
      canManageReplies
    />
  );
}
const Anonymous = () => <Composer name="Visitante 1002" />;
const Named = () => <Composer name="Rosa Pérez" />;

// The typing signal goes to the server: nobody listens here.
beforeEach(() => {
  vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
  return () => vi.unstubAllGlobals();
});

function open(Component: () => React.JSX.Element = Anonymous) {
  renderRoute(Component, { path: "/admin/chat", url: "/admin/chat?c=session_1" });
  return screen.getByRole("textbox", { name: "Respuesta" }) as HTMLTextAreaElement;
}
const type = (box: HTMLTextAreaElement, value: string) => fireEvent.change(box, { target: { value } });
const options = () =>
  within(screen.getByRole("listbox", { name: "Respuestas guardadas" }))
    .getAllByRole("option")
    .map((o) => o.querySelector("span")?.firstChild?.textContent);

describe("the reply box's '/' list of saved replies", () => {
  it("lists every saved reply by title on '/', and filters as one types, accents ignored", () => {
    const box = open();
    expect(screen.queryByRole("listbox")).toBeNull();
    type(box, "/");
    expect(options()).toEqual([
      "Abrimos mañana",
      "Gracias",
      "Horario",
      "Precios de envío",
      "Saludo",
      "Seguimiento",
      "Tamaños de caja",
    ]);
    expect(box.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0]?.id);
    type(box, "/pre");
    expect(options()[0]).toBe("Precios de envío");
    type(box, "/TAMANO");
    expect(options()).toEqual(["Tamaños de caja"]);
  });

  it("inserts the chosen reply filled in with Enter, in place of the '/word'", () => {
    const box = open();
    type(box, "/sal");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Hola, gracias por escribirnos. ¿En qué te podemos ayudar?");
    expect(screen.queryByRole("listbox")).toBeNull();

    type(box, "Claro. /prec");
    fireEvent.keyDown(box, { key: "Tab" });
    expect(box.value).toBe(
      "Claro. Estos son nuestros precios de envío:\n• 20×20×20 pulgadas: $245\n¿Quieres que te ayudemos a preparar tu envío?",
    );
  });

  it("greets a named customer by first name; arrows choose and a click inserts too", () => {
    const box = open(Named);
    type(box, "/");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    const second = screen.getAllByRole("option")[1];
    expect(second?.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(second?.id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(screen.getAllByRole("option").at(-1)?.getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("option", { name: /Saludo/ }));
    expect(box.value).toBe("Hola Rosa, gracias por escribirnos. ¿En qué te podemos ayudar?");
  });

  it("closes with Escape, opens only at the start or after a space, and never in a private note", () => {
    const box = open();
    type(box, "/");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    type(box, "/g");
    expect(options()[0]).toBe("Gracias");
    type(box, "https://tienda.example/seguimiento");
    expect(screen.queryByRole("listbox")).toBeNull();
    type(box, "");
    fireEvent.click(screen.getByRole("radio", { name: "Nota privada" }));
    type(screen.getByRole("textbox", { name: "Nota privada" }) as HTMLTextAreaElement, "/");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens above the whole reply box, never inside the form under the 'Responder' / 'Nota privada' tabs", () => {
    const box = open();
    type(box, "/");
    const list = screen.getByRole("listbox");
    const tabs = screen.getByRole("group", { name: "Tipo de mensaje" });
    expect(list.closest("form")).toBeNull();
    expect(tabs.contains(list)).toBe(false);
    // The list's panel sits on top of its positioned container, the whole composer with its tabs.
    const panel = list.parentElement;
    expect(panel?.className).toContain("bottom-full");
    const container = panel?.parentElement?.closest(".relative");
    expect(container?.contains(tabs)).toBe(true);
    expect(container?.contains(screen.getByRole("textbox", { name: "Respuesta" }))).toBe(true);
  });
});

describe("slashToken and matchReplies", () => {
  it("finds the '/word' before the caret", () => {
    expect(slashToken("/pre", 4)).toEqual({ start: 0, query: "pre" });
    expect(slashToken("Hola /pre", 9)).toEqual({ start: 5, query: "pre" });
    expect(slashToken("1/2", 3)).toBeNull();
    expect(slashToken("/ hola", 6)).toBeNull();
    expect(slashToken("/pre\nmás", 8)).toBeNull();
  });

  it("ranks titles that start with the word first", () => {
    expect(matchReplies(REPLIES, "hora").map((r) => r.title)).toEqual(["Horario"]);
    expect(matchReplies(REPLIES, "gracias").map((r) => r.title)).toEqual(["Gracias", "Saludo"]);
  });
});
