import { redirect } from "react-router";

// Any unknown path goes to the landing page (SPEC §2.1).
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
