import type { PanelData } from "~/routes/admin/panel";

export function CustomerPhotosTab(_: { photos: PanelData["photos"] }) {
  return null;
}
