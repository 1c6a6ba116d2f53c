// POST /unimpersonate (管理者画面に戻る) drops the impersonated pair and returns to AdministratorIndex.
import { type ActionFunctionArgs, redirect } from "react-router";
import { unimpersonate } from "~/.server/auth";

export const action = ({ context }: ActionFunctionArgs) => unimpersonate(context);
export const loader = () => redirect("/");
