// POST /logout clears every token (the impersonated pair too) and returns to Login.
import { type ActionFunctionArgs, redirect } from "react-router";
import { logout } from "~/.server/auth";

export const action = ({ context }: ActionFunctionArgs) => logout(context);
// No state changes on GET: a visit just goes to Login (which sends a logged-in user home).
export const loader = () => redirect("/");
