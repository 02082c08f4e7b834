import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { describeAuditEntry } from "~/lib/audit-entries";
import { diffLines } from "~/lib/change-labels";
import { DEFAULT_COLORS, SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS, SITE_TEXT_KEYS } from "~/lib/site";
import { AUDIT_SAMPLE_ROWS, COURIER, SAMPLE_LOOKUPS } from "~/test/audit-samples";
import { renderRoute } from "~/test/render-route";
import { ContentHistory } from "../texts/content-history";
import { ActivityLog } from "./activity-log";

/** What must never reach the owner's eyes: keys, ids, cents, storage paths, raw values. */
const LEAKS = [
  ...SITE_TEXT_KEYS,
  "whatsappLink",
  "color.",
  "Cents",
  "deliveryPersonId",
  "imageUrl",
  "logoUrl",
  "bannerImageUrl",
  "object_",
  "autoplaySpeed",
  "isOnSale",
  "stockQuantity",
  "customName",
  "en_local",
  "en_reparto",
  "cancelado",
  "resolved",
  "open",
  "scale-down",
  "operador",
  "/files/",
  "site-assets",
  "product-images",
  ".webp",
  "450",
  "399",
  "350",
  "+1305",
  "+5068",
  "+5058",
  COURIER,
  "00000000-",
  "0 74% 42%",
  DEFAULT_COLORS.primary,
];

const rows = AUDIT_SAMPLE_ROWS.map((r) =>
  describeAuditEntry(r, SAMPLE_LOOKUPS, { now: new Date("2026-11-30T12:00:00Z") }),
);

function expectNoLeaks(text: string) {
  for (const leak of LEAKS) expect(text, `shows '${leak}'`).not.toContain(leak);
}

describe("'Actividad' in the owner's words", () => {
  it("renders every kind of entry without an internal key, a value in cents or a storage path", () => {
    const { container } = renderRoute(
      () => (
        <ActivityLog
          rows={rows}
          total={rows.length}
          page={1}
          pages={1}
          filters={{ persona: "", tipo: "", desde: "", hasta: "" }}
          people={[]}
          keptDays={180}
          today="2026-11-30"
        />
      ),
      { path: "/admin/users/activity" },
    );
    const text = container.textContent ?? "";
    expectNoLeaks(text);
    // …and says what happened instead.
    for (const words of [
      "Precio:$4.50",
      "$3.99",
      "Estado:En el local",
      "Paquetes:TRK-2026-ABC123, TRK-2026-DEF456",
      "Destino:Nicaragua",
      "Sale el día:2 de diciembre",
      "En reparto",
      "Repartidor:No asignado",
      "Pedro Ruiz",
      "Repartidor eliminado",
      "Categoría:ComidaArtesanía",
      "Teléfono:(305) 555-0100+505 8888 1234",
      "Número de WhatsApp:El mismo número del teléfono+505 8888 1234",
      "Color principal:#227745#ba1c1c",
      "Rol:OperadorAdministrador",
      "Estado:AbiertaResuelta",
      "Ajuste:Reducir si no cabe",
      "Velocidad:5,5 segundos",
      "ajustes de la imagen principal",
      "En la tienda:VisibleOculto",
      "Nombre de la categoría:ComidaComida típica",
      "Posición:54",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(words);
    }
    // Pictures are thumbnails, not paths.
    expect(screen.getAllByRole("img", { name: "Imagen" }).length).toBeGreaterThan(3);
  });
});

describe("'Historial de cambios' in the owner's words", () => {
  it("shows what each save changed, before → after, and offers 'Restaurar' for earlier versions", () => {
    const settingsKeys = ["color.primary", "logoUrl", "fontFamily", "bannerImageUrl"];
    const changes = [
      {
        id: "a",
        kind: "settings" as const,
        changedAt: "2026-11-25T15:00:00.000Z",
        changedBy: "Dueña",
        restorable: false,
        lines: diffLines(
          { "color.primary": DEFAULT_COLORS.primary, logoUrl: "", fontFamily: "Poppins" },
          {
            "color.primary": "0 74% 42%",
            logoUrl: "/files/site-assets/public/logo-1.webp",
            fontFamily: SITE_SETTINGS_DEFAULTS.fontFamily,
          },
          settingsKeys,
        ),
      },
      {
        id: "b",
        kind: "text" as const,
        changedAt: "2026-11-25T14:00:00.000Z",
        changedBy: "Dueña",
        restorable: true,
        lines: diffLines(
          { ...SITE_TEXT_DEFAULTS },
          { ...SITE_TEXT_DEFAULTS, contactPhone: "+17865550123", heroTitle: "Bienvenidos" },
          SITE_TEXT_KEYS,
        ),
      },
    ];
    const { container } = renderRoute(() => <ContentHistory changes={changes} />, { path: "/admin" });
    const text = (container.textContent ?? "").replace(/\s+/g, " ");
    expectNoLeaks(text);
    expect(text).toContain("Teléfono:(305) 555-0100(786) 555-0123");
    expect(text).toContain("Título principal:Tu mini market latino en MiamiBienvenidos");
    expect(text).toContain("Logo:Sin imagen");
    expect(screen.getAllByRole("button", { name: /^Restaurar/ })).toHaveLength(1);
  });
});
