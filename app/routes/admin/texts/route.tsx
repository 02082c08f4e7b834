import { actorOf } from "~/.server/audit/audit";
import { listBannerHistory } from "~/.server/content/banner";
import { type ContentChange, listContentChanges } from "~/.server/content/site-admin";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { ContentScreenPage } from "~/components/staff/content-tabs";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { textIntents } from "./intents";
import { storedTextProblems } from "./problems";
import { TextsTab } from "./texts-tab";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Textos") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger, siteContent } = context.services;
  try {
    const [changes, banners, { text }] = await Promise.all([
      listContentChanges(db, 20),
      listBannerHistory(db),
      siteContent.get(),
    ]);
    return {
      text,
      changes: historyView(changes, new Set(banners.map((b) => b.imageUrl))),
      textProblems: storedTextProblems(text),
    };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Site texts fetch error" });
  }
}

/**
 * The history as the screen shows it: who, when, what changed, and whether 'Restaurar' can bring
 * it back — not the newest version of the texts or of the settings (that is what shows now), nor
 * a banner whose picture is no longer kept (only the last 5 are).
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

/** The texts' saves and restores; each intent's permission is checked before its form is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  return dispatchIntent(
    form,
    textIntents({ db, bus, storage, logger, actor: actorOf(user, context.clientIp) }, user),
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

/** 'Textos' (docs/product.md §3.2): every site text and the history of changes, at its own address. */
export default function TextsRoute({ loaderData }: Route.ComponentProps) {
  const { text, changes, textProblems } = loaderData;
  return (
    <ContentScreenPage current="/admin/textos">
      <TextsTab text={text} changes={changes} problems={textProblems} />
    </ContentScreenPage>
  );
}
