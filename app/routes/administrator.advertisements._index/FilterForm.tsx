// The ad list's filters: a plain GET form (検索 submits it without JS). With JS every change applies
// after 200 ms (SPEC §9) by replacing the URL, so the URL always says what the list shows.
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/components/hydrated";
import {
  adListDistributionOptions,
  adListSearch,
  adListStatusOptions,
  readAdListFilters,
  type AdListFilters,
} from "~/domain/admin-ad-list";
import type { AreaChoice } from "./list.server";

const DEBOUNCE_MS = 200;

/**
 * `statusFilter`, `distributionFilter`: whether the upstream declares the status and 配信状況
 * filters (else the field is absent).
 */
type Props = {
  filters: AdListFilters;
  regions: AreaChoice[];
  statusFilter: boolean;
  distributionFilter: boolean;
};

/**
 * Remounts the fields when the URL changes by anything but the form itself (a sort or page link,
 * the banner's link, back/forward), so they show the URL's filters; the form's own changes keep
 * the fields, and the focus, as they are.
 */
export function AdListFilterForm(props: Props) {
  const location = useLocation();
  const applied = useRef(location.search);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (location.search !== applied.current) {
      applied.current = location.search;
      setVersion((v) => v + 1);
    }
  }, [location.search]);
  return (
    <FilterFields
      key={version}
      {...props}
      onApply={(search) => {
        applied.current = search;
      }}
    />
  );
}

function FilterFields({
  filters,
  regions,
  statusFilter,
  distributionFilter,
  onApply,
}: Props & { onApply: (search: string) => void }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [region, setRegion] = useState(filters.region);
  const [locality, setLocality] = useState(filters.locality);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(form: HTMLFormElement) {
    const values = new URLSearchParams();
    for (const [key, value] of new FormData(form)) values.append(key, String(value));
    const search = adListSearch(readAdListFilters(values, regions), {
      sort: params.get("sort"),
      order: params.get("order"),
    });
    if (search === location.search) return;
    onApply(search);
    navigate({ search }, { replace: true, preventScrollReset: true });
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(form), DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    apply(event.currentTarget);
  }

  // Without JS the region cannot narrow the localities: all of them, grouped by region.
  const chosenRegion = hydrated ? regions.find((r) => r.value === region) : undefined;
  const localityData = chosenRegion
    ? chosenRegion.localities
    : regions.map((r) => ({ group: r.label, items: r.localities }));

  return (
    <Form
      method="get"
      role="search"
      aria-label="広告の絞り込み"
      onChange={hydrated ? onChange : undefined}
      onSubmit={hydrated ? onSubmit : undefined}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="広告主ID"
          name="ownerId"
          defaultValue={filters.ownerId}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
        />
        <TextInput label="広告主名" name="companyName" defaultValue={filters.companyName} />
        <TextInput label="タイトル" name="title" defaultValue={filters.title} />
        {statusFilter ? (
          <NativeSelect
            label="原稿ステータス"
            name="status"
            defaultValue={filters.status}
            data={adListStatusOptions.map((o) => ({ value: o.value, label: o.label }))}
          />
        ) : null}
        {distributionFilter ? (
          <NativeSelect
            label="配信状況"
            name="distribution"
            defaultValue={filters.distribution}
            data={adListDistributionOptions.map((o) => ({ value: o.value, label: o.label }))}
          />
        ) : null}
        <NativeSelect
          label="地域"
          name="region"
          value={region}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setRegion(next);
            const inRegion = regions.find((r) => r.value === next)?.localities ?? [];
            if (next && !inRegion.some((l) => l.value === locality)) setLocality("");
          }}
          data={[{ value: "", label: "すべて" }, ...regions]}
        />
        <NativeSelect
          label="エリア"
          name="locality"
          value={locality}
          onChange={(event) => setLocality(event.currentTarget.value)}
          data={[{ value: "", label: "すべて" }, ...localityData]}
        />
      </SimpleGrid>
      <Group mt="md" justify="space-between">
        <div>
          {/* Unchecked sends only this 0; checked sends 0 then 1, and the last value wins. */}
          <input type="hidden" name="hideNotOrdered" value="0" />
          <Checkbox
            // md: a 24 px box, the smallest tap target WCAG 2.5.8 allows (sm is 20 px).
            size="md"
            label="掲載申込前の広告を表示しない"
            name="hideNotOrdered"
            value="1"
            defaultChecked={filters.hideNotOrdered}
          />
        </div>
        <Group gap="xs">
          <Button component={Link} to="/administrator/advertisements" variant="default">
            条件をクリア
          </Button>
          <Button type="submit">検索</Button>
        </Group>
      </Group>
      {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort")!} /> : null}
      {params.get("order") ? (
        <input type="hidden" name="order" value={params.get("order")!} />
      ) : null}
    </Form>
  );
}
