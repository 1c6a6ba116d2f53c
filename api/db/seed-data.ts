// Fixed reference data loaded by the seed: the 47 prefectures (JIS X 0401 order) and the demo areas and courses.

export const PREFECTURE_NAMES = [
  "北海道",
  "青森県",
  "岩手県",
  "宮城県",
  "秋田県",
  "山形県",
  "福島県",
  "茨城県",
  "栃木県",
  "群馬県",
  "埼玉県",
  "千葉県",
  "東京都",
  "神奈川県",
  "新潟県",
  "富山県",
  "石川県",
  "福井県",
  "山梨県",
  "長野県",
  "岐阜県",
  "静岡県",
  "愛知県",
  "三重県",
  "滋賀県",
  "京都府",
  "大阪府",
  "兵庫県",
  "奈良県",
  "和歌山県",
  "鳥取県",
  "島根県",
  "岡山県",
  "広島県",
  "山口県",
  "徳島県",
  "香川県",
  "愛媛県",
  "高知県",
  "福岡県",
  "佐賀県",
  "長崎県",
  "熊本県",
  "大分県",
  "宮崎県",
  "鹿児島県",
  "沖縄県",
] as const;

/** JIS code → name, e.g. 13 → 東京都. */
export const PREFECTURES = PREFECTURE_NAMES.map((name, index) => ({ id: index + 1, name }));

/**
 * Japan's regions (the usual nine, 沖縄 apart from 九州), seeded into a database that has none:
 * a real deployment's editors need one to create an area, and SPEC §7 has no call to add one.
 * The demo's regions are among these names, so both speak of the same regions.
 */
export const JAPAN_REGIONS = [
  "北海道",
  "東北",
  "関東",
  "中部",
  "関西",
  "中国",
  "四国",
  "九州",
  "沖縄",
] as const;

export const DEMO_REGIONS = [
  {
    name: "関東",
    localities: [
      { key: "shibuya", name: "渋谷区", blogUrl: "https://shibuya.news.example.com" },
      { key: "setagaya", name: "世田谷区", blogUrl: "https://setagaya.news.example.com" },
      { key: "yokohama", name: "横浜市", blogUrl: "https://yokohama.news.example.com" },
    ],
  },
  {
    name: "関西",
    localities: [
      { key: "osakaKita", name: "大阪市北区", blogUrl: "https://osaka-kita.news.example.com" },
      { key: "kyoto", name: "京都市", blogUrl: "https://kyoto.news.example.com" },
    ],
  },
  // A region without localities: the application form must not offer it (SPEC §5).
  { name: "九州", localities: [] },
] as const;

export type DemoLocalityKey = (typeof DEMO_REGIONS)[number]["localities"][number]["key"];

export const DEMO_COURSES = [
  {
    key: "month1",
    isActive: true,
    name: "1ヶ月掲載",
    price: 30000,
    note: null,
    periodType: "month",
    months: 1,
    days: null,
  },
  {
    key: "month3",
    isActive: true,
    name: "3ヶ月掲載",
    price: 80000,
    note: "約11%割引",
    periodType: "month",
    months: 3,
    days: null,
  },
  {
    key: "day14",
    isActive: true,
    name: "14日間掲載",
    price: 15000,
    note: null,
    periodType: "day",
    months: null,
    days: 14,
  },
  {
    key: "month6",
    isActive: false,
    name: "6ヶ月掲載（旧料金）",
    price: 150000,
    note: "受付終了",
    periodType: "month",
    months: 6,
    days: null,
  },
  {
    key: "day7",
    isActive: false,
    name: "7日間お試し掲載",
    price: 5000,
    note: "キャンペーン終了",
    periodType: "day",
    months: null,
    days: 7,
  },
] as const;

export type DemoCourseKey = (typeof DEMO_COURSES)[number]["key"];

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "admin-password", name: "デモ管理者" },
  shop: {
    email: "shop@example.com",
    password: "shop-password",
    companyName: "カフェ・ド・デモ株式会社",
    personInCharge: "山田 花子",
    tel: "03-1234-5678",
    zipCode: "1500001",
    prefectureId: 13,
    city: "渋谷区",
    address: "神宮前1-2-3 デモビル1F",
  },
  other: {
    email: "other@example.com",
    password: "other-password",
    companyName: "株式会社サンプル商店",
    personInCharge: "佐藤 次郎",
    tel: "045-987-6543",
    zipCode: "2200012",
    prefectureId: 14,
    city: "横浜市西区",
    address: "みなとみらい2-3-4",
  },
} as const;

/**
 * Demo pictures, written as SVG into the media directory when there is one. Each belongs to one
 * advertiser, and only that advertiser's demo ads use it (an advertiser may attach only its own).
 */
export const DEMO_IMAGES = [
  {
    key: "storefront",
    owner: "shop",
    file: "demo-storefront.svg",
    label: "カフェ・ド・デモ 店舗外観",
    color: "#8d6e63",
    width: 800,
    height: 450,
  },
  {
    key: "latte",
    owner: "shop",
    file: "demo-latte.svg",
    label: "季節のラテ",
    color: "#a1887f",
    width: 800,
    height: 450,
  },
  {
    key: "tart",
    owner: "shop",
    file: "demo-tart.svg",
    label: "フルーツタルト",
    color: "#e57373",
    width: 600,
    height: 600,
  },
  {
    key: "interior",
    owner: "shop",
    file: "demo-interior.svg",
    label: "落ち着いた店内",
    color: "#6d4c41",
    width: 800,
    height: 450,
  },
  {
    key: "market",
    owner: "other",
    file: "demo-market.svg",
    label: "サンプル商店",
    color: "#4db6ac",
    width: 800,
    height: 450,
  },
] as const;

export type DemoImageKey = (typeof DEMO_IMAGES)[number]["key"];

export function demoSvg(label: string, color: string, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="${color}"/>
<text x="50%" y="50%" fill="#fff" font-size="40" font-family="sans-serif" text-anchor="middle" dominant-baseline="middle">${label}</text>
</svg>
`;
}
