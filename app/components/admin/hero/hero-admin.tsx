import type { HeroAdminData } from "~/routes/admin/hero-images";

export function HeroAdmin(_: HeroAdminData) {
  return null;
}
