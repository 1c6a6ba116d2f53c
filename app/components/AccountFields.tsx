// The registration-info fields shared by AdvertiserNew, AdvertiserEdit, the trial form and the
// administrator's advertiser edit, and their confirm rows.
import { useState } from "react";
import { ADDRESS_FILLED_NOTICE, formatZipCode } from "../../shared/zip-code";
import { SelectField, TextField } from "./fields";
import type { Field } from "./form-state";
import { fillAddressFromZip } from "./zip-lookup";

type ContactKey =
  "companyName" | "personInCharge" | "tel" | "zipCode" | "prefecture" | "city" | "address";
/** The form's value shape (what useServerForm is typed with). */
export type ContactForm = Record<ContactKey, string>;
type ContactFields = Record<ContactKey, Field>;
export type Option = { value: string; label: string };

export function ContactDetailFields({
  fields,
  prefectures,
  companyNameNote,
  addressMarked = true,
  zipNotice,
}: {
  fields: ContactFields;
  prefectures: Option[];
  /** A hint under 会社名・店舗名 (the trial form's). */
  companyNameNote?: string;
  /** The trial form's 番地・建物名 is required but its label has no 必須 marker (SPEC §2). */
  addressMarked?: boolean;
  /** The server's notice that it filled the address from the 郵便番号 (without JS, on 次へ). */
  zipNotice?: readonly string[];
}) {
  // With JS the address is filled as the code is typed (zip-lookup.ts), and the notice says so.
  const [filled, setFilled] = useState(false);
  const notice = filled ? ADDRESS_FILLED_NOTICE : zipNotice?.join(" ");
  return (
    <>
      <TextField
        field={fields.companyName}
        label="会社名・店舗名"
        required
        autoComplete="organization"
        description={companyNameNote}
      />
      <TextField field={fields.personInCharge} label="担当者名" required autoComplete="name" />
      <TextField
        field={fields.tel}
        label="電話番号"
        type="tel"
        required
        autoComplete="tel"
        inputMode="tel"
        placeholder="03-1234-5678"
      />
      <TextField
        field={fields.zipCode}
        label="郵便番号（ハイフンなし）"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        placeholder="1500001"
        description={
          <>
            7桁の数字で入力してください（例: 1500001）。都道府県・市区町村を自動で入力します。
            {/* A live region from the start, so the notice is read out when it appears. */}
            <strong role="status" className="field-notice">
              {notice}
            </strong>
          </>
        }
        onChange={(event) =>
          void fillAddressFromZip(event.currentTarget).then((did) => did && setFilled(true))
        }
      />
      <SelectField field={fields.prefecture} label="都道府県" required options={prefectures} />
      <TextField field={fields.city} label="市区町村" required autoComplete="address-level2" />
      <TextField
        field={fields.address}
        label="番地・建物名"
        required
        requiredMark={addressMarked}
        autoComplete="street-address"
      />
    </>
  );
}

export function contactDetailRows(
  values: Record<string, string | undefined>,
  prefectures: Option[],
) {
  return [
    { label: "会社名・店舗名", value: values.companyName },
    { label: "担当者名", value: values.personInCharge },
    { label: "電話番号", value: values.tel },
    { label: "郵便番号", value: formatZipCode(values.zipCode) },
    { label: "都道府県", value: prefectures.find((p) => p.value === values.prefecture)?.label },
    { label: "市区町村", value: values.city },
    { label: "番地・建物名", value: values.address },
  ];
}
