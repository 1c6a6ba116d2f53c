// A completion page: heading, what happened, and the way back to My Page.
import type { ReactNode } from "react";
import { StepHeader } from "./StepHeader";
import { ButtonLink, Card } from "./ui";

export function CompletePage({
  title,
  children,
  steps = ["入力", "確認", "完了"],
  links = [{ to: "/advertiser", label: "マイページへ戻る" }],
}: {
  title: string;
  children: ReactNode;
  steps?: readonly string[];
  links?: { to: string; label: string }[];
}) {
  return (
    <Card>
      <h1 className="title-1">{title}</h1>
      <StepHeader steps={steps} active={steps.length - 1} />
      <div className="stack">
        {children}
        <div className="group">
          {links.map((link, i) => (
            <ButtonLink key={link.to} to={link.to} variant={i === 0 ? "filled" : "default"}>
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </div>
    </Card>
  );
}
