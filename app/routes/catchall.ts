import { redirect } from "react-router";

// Any unknown path goes to the landing page (docs/product.md §2).
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
