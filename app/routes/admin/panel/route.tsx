import { redirect, useActionData, useLoaderData } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { listCategoryUsage } from "~/.server/catalog/category-changes";
import { listProducts } from "~/.server/catalog/products";
import { listBannerHistory } from "~/.server/content/banner";
import { listCustomerPhotos } from "~/.server/content/customer-photos";
import { type ContentChange, listContentChanges } from "~/.server/content/site-admin";
import { requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { APPEARANCE_INTENT } from "~/lib/appearance-forms";
import { siteTextFormValues, siteTextSchema } from "~/lib/content-forms";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import type { SiteText } from "~/lib/site";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { AdminPanel } from "./admin-panel";
import { AppearanceTab } from "./appearance/appearance-tab";
import { appearanceIntents } from "./appearance/intents";
import { CustomerPhotosTab } from "./customer-photos/customer-photos-tab";
import { customerPhotoIntents } from "./customer-photos/intents";
import { productIntents } from "./products/intents";
import { ProductsTab } from "./products/products-tab";
import { textIntents } from "./texts/intents";
import { TextsTab } from "./texts/texts-tab";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  // docs/product.md §3.2: an operador goes to the chat inbox; only admin sees the panel.
  if (!can(user, "panel:view")) throw redirect("/admin/chat");
  const { db, logger, siteContent } = context.services;
  // docs/product.md §3.2: photos that cannot be read only leave their tab saying so.
  const photos = listCustomerPhotos(db).catch((err) => {
    logger.error({ err }, "admin panel: customer photos fetch failed");
    return null;
  });
  try {
    const [products, categories, changes, banners, { text, settings }] = await Promise.all([
      listProducts(db),
      // With how many products use each: only unused ones can be removed ('Categorías').
      listCategoryUsage(db),
      listContentChanges(db, 20),
      listBannerHistory(db),
      siteContent.get(),
    ]);
    return {
      email: user.email,
      role: user.role,
      products,
      categories,
      text,
      settings,
      changes: historyView(changes, new Set(banners.map((b) => b.imageUrl))),
      textProblems: storedTextProblems(text),
      photos: await photos,
    };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Products fetch error" });
  }
}

/**
 * Stored texts that would not save as they are (a WhatsApp link from before it became a
 * number, a free-text phone or hours the chat cannot read): shown by their fields in 'Textos',
 * which opens first, until fixed. The site never uses such a WhatsApp value (siteContact).
 */
function storedTextProblems(text: SiteText): Record<string, string[]> | null {
  const parsed = siteTextSchema.safeParse(siteTextFormValues(text));
  if (parsed.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = [issue.message];
  }
  return out;
}

/**
 * The history as the tab shows it: who, when, what changed, and whether 'Restaurar' can bring it
 * back — not the newest version of the texts or of the settings (that is what shows now), nor a
 * banner whose picture is no longer kept (only the last 5 are).
 */
function historyView(changes: ContentChange[], keptBanners: Set<string>) {
  const newest = new Set([
    changes.find((c) => c.kind === "text")?.id,
    changes.find((c) => c.kind !== "text")?.id,
  ]);
  return changes.map(({ data, ...c }) => {
    const banner = typeof data.bannerImageUrl === "string" ? data.bannerImageUrl : "";
    const kept = c.kind !== "banner" || banner === "" || keptBanners.has(banner);
    return { ...c, restorable: !newest.has(c.id) && kept };
  });
}

/**
 * The store content tabs' changes (docs/product.md §1): each tab's folder holds its intents, each
 * naming its permission, and they share this one action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Nobody signed out gets their body read (the permission needs the intent, inside the form).
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  const actor = actorOf(user, context.clientIp);
  return dispatchIntent(
    form,
    {
      ...productIntents({ db, bus, storage, logger, actor }),
      ...textIntents({ db, bus, storage, logger, actor }, user),
      ...appearanceIntents({ db, bus, storage, logger, actor }, user),
      ...customerPhotoIntents({ db, bus, storage, logger, actor }),
    },
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

export default function AdminPanelRoute() {
  const { email, role, products, categories, text, settings, changes, photos, textProblems } =
    useLoaderData<typeof loader>();
  // A form posted without JavaScript: the answer opens on its tab, with its marks.
  const posted = useActionData<typeof action>();
  return (
    <AdminPanel
      email={email}
      role={role}
      openTab={posted?.intent === APPEARANCE_INTENT.save ? "appearance" : undefined}
      notice={
        textProblems
          ? {
              tab: "text",
              text: "Hay textos guardados que el sitio no puede usar (por ejemplo, un número de WhatsApp que no es un número). Corrígelos en 'Textos'.",
            }
          : undefined
      }
      tabs={[
        {
          value: "products",
          label: "Productos",
          content: <ProductsTab products={products} categories={categories} />,
        },
        {
          value: "text",
          label: "Textos",
          content: <TextsTab text={text} changes={changes} problems={textProblems} />,
        },
        { value: "appearance", label: "Apariencia", content: <AppearanceTab settings={settings} /> },
        {
          value: "customer-carousel",
          label: "Carrusel Clientes",
          content: <CustomerPhotosTab photos={photos} />,
        },
      ]}
    />
  );
}
