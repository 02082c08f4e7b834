import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAPTION_LABEL, PhotoDraft } from "./photo-draft";
import { VisitorComposer } from "./visitor-composer";

vi.mock("./prepare-photo", () => ({
  CHAT_PHOTO_ACCEPT: "image/*",
  prepareChatPhoto: vi.fn(async (file: File) =>
    file.name.endsWith(".heic")
      ? { ok: false, error: "Tu navegador no puede abrir fotos HEIC." }
      : { ok: true, file: new File([file], "lista.webp", { type: "image/webp" }) },
  ),
}));

const photo = () => new File([new Uint8Array([1, 2, 3])], "caja.jpg", { type: "image/jpeg" });
let urls = 0;
const created = vi.fn(() => `blob:foto-${++urls}`);
const revoked = vi.fn();

beforeEach(() => {
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
});
afterEach(() => {
  created.mockClear();
  revoked.mockClear();
});

describe("a photo waits in a draft before it goes (issue 41)", () => {
  it("shows the photo's preview, focuses the caption and sends the caption as typed", () => {
    const onSend = vi.fn();
    render(<PhotoDraft file={photo()} onSend={onSend} onCancel={() => {}} />);
    const group = screen.getByRole("group", { name: "Foto para enviar" });
    expect(screen.getByRole("img", { name: "Vista previa de la foto" }).getAttribute("src")).toMatch(
      /^blob:/,
    );
    const caption = screen.getByRole("textbox", { name: CAPTION_LABEL });
    expect(document.activeElement).toBe(caption);
    expect(caption.getAttribute("maxlength")).toBe("1000");
    fireEvent.change(caption, { target: { value: "La caja de ayer" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSend).toHaveBeenCalledWith("La caja de ayer");
    expect(group.contains(screen.getByRole("button", { name: "Cancelar" }))).toBe(true);
  });

  it("sends with Enter, keeps Shift+Enter for a new line", () => {
    const onSend = vi.fn();
    render(<PhotoDraft file={photo()} onSend={onSend} onCancel={() => {}} />);
    const caption = screen.getByRole("textbox", { name: CAPTION_LABEL });
    fireEvent.keyDown(caption, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(caption, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("");
  });

  it("cancels with 'Cancelar' or Escape, and Escape goes no further (the widget would close)", () => {
    const onCancel = vi.fn();
    const outside = vi.fn();
    document.addEventListener("keydown", outside);
    render(<PhotoDraft file={photo()} onSend={() => {}} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole("textbox", { name: CAPTION_LABEL }), { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(outside).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    document.removeEventListener("keydown", outside);
  });

  it("does not send twice while the first is still going", () => {
    const onSend = vi.fn();
    render(<PhotoDraft file={photo()} onSend={onSend} onCancel={() => {}} busy />);
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("Enviando...");
  });

  it("releases the preview's object URL once it is gone", () => {
    const { unmount } = render(<PhotoDraft file={photo()} onSend={() => {}} onCancel={() => {}} />);
    const url = created.mock.results[0]?.value;
    expect(url).toMatch(/^blob:/);
    unmount();
    expect(revoked).toHaveBeenCalledWith(url);
  });
});

/** The widget's composer with its text draft held like the widget holds it. */
function Composer({ onSendPhoto }: { onSendPhoto: (file: File, caption: string) => void }) {
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  return (
    <VisitorComposer
      panelId="p"
      draft={draft}
      onDraft={setDraft}
      onSend={() => null}
      onSendPhoto={onSendPhoto}
      inputRef={inputRef}
    />
  );
}

async function pick(name = "caja.jpg") {
  const input = screen.getByLabelText("Enviar una foto");
  await act(async () => {
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1])], name, { type: "image/jpeg" })] },
    });
  });
}

describe("the visitor's composer with a photo", () => {
  it("no longer sends a picked photo at once: 'Enviar' sends it with its caption, then the message box is back", async () => {
    const onSendPhoto = vi.fn();
    render(<Composer onSendPhoto={onSendPhoto} />);
    await pick();
    expect(onSendPhoto).not.toHaveBeenCalled();
    expect(screen.queryByRole("textbox", { name: "Mensaje" })).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: CAPTION_LABEL }), { target: { value: "Esta" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSendPhoto).toHaveBeenCalledTimes(1);
    const [file, caption] = onSendPhoto.mock.calls[0] as [File, string];
    expect(file.name).toBe("lista.webp");
    expect(caption).toBe("Esta");
    expect(screen.queryByRole("group", { name: "Foto para enviar" })).toBeNull();
    const box = screen.getByRole("textbox", { name: "Mensaje" });
    expect(document.activeElement).toBe(box);
  });

  it("'Cancelar' drops the photo and sends nothing", async () => {
    const onSendPhoto = vi.fn();
    render(<Composer onSendPhoto={onSendPhoto} />);
    await pick();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("group", { name: "Foto para enviar" })).toBeNull();
    expect(onSendPhoto).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Mensaje" })).toBeTruthy();
  });

  it("a photo the browser cannot prepare shows why, with no draft", async () => {
    render(<Composer onSendPhoto={() => {}} />);
    await pick("IMG_1.heic");
    expect(screen.queryByRole("group", { name: "Foto para enviar" })).toBeNull();
    expect(screen.getByText("Tu navegador no puede abrir fotos HEIC.")).toBeTruthy();
  });
});
