// The demo advertisements: one per state an ad can be in, with dates relative to "today" in Tokyo.
import type {
  MessageSender,
  PaymentStatus,
  PostStatus,
  PublishmentStatus,
} from "../../shared/wire";
import type { DemoCourseKey, DemoImageKey, DemoLocalityKey } from "./seed-data";

export interface DemoOrderPlan {
  locality: DemoLocalityKey;
  course: DemoCourseKey;
  /** Start date = today + startInDays (negative: in the past). */
  startInDays: number;
  orderedDaysAgo: number;
  publishmentStatus: PublishmentStatus;
  payment?: {
    status: Exclude<PaymentStatus, "none">;
    method: string;
    type: "none" | "direct" | "other";
    paidDaysAgo?: number;
  };
  /** A copy on the news site (public_advertisements row). */
  postStatus?: PostStatus;
  /** Daily report rows for the days before today. */
  reportDays?: number;
}

export interface DemoAd {
  key: string;
  owner: "shop" | "other";
  title: string;
  storeName: string;
  storeAddress: string;
  storeTel: string;
  businessHours: string;
  homepage: string | null;
  bodies: string[];
  links: { title: string; url: string }[];
  images: DemoImageKey[];
  priority: number;
  createdDaysAgo: number;
  statusNote?: string;
  isDeleted?: boolean;
  withPreviewToken?: boolean;
  order?: DemoOrderPlan;
}

const shopStore = {
  storeName: "カフェ・ド・デモ 渋谷本店",
  storeAddress: "東京都渋谷区神宮前1-2-3 デモビル1F",
  storeTel: "03-1234-5678",
  businessHours: "8:00〜20:00（火曜定休）",
  homepage: "https://cafe-de-demo.example.com",
};

const shopLinks = [
  { title: "公式サイト", url: "https://cafe-de-demo.example.com" },
  { title: "メニュー一覧", url: "https://cafe-de-demo.example.com/menu" },
];

export const REMAND_NOTE =
  "価格表記に税込・税抜の記載がありません。修正のうえ、再度お申し込みください。";

export const DEMO_ADS: DemoAd[] = [
  {
    key: "draft",
    owner: "shop",
    ...shopStore,
    title: "【新メニュー】季節のフルーツタルト始めました",
    bodies: ["旬のフルーツをたっぷり使ったタルトが登場しました。", "テイクアウトも承ります。"],
    links: shopLinks,
    images: ["tart", "interior"],
    priority: 0,
    createdDaysAgo: 2,
  },
  {
    key: "new",
    owner: "shop",
    ...shopStore,
    title: "渋谷のカフェで過ごす、ゆったりモーニング",
    bodies: [
      "朝8時から営業。焼きたてのトーストと自家焙煎コーヒーのモーニングセット（550円・税込）をご用意しています。",
      "電源・Wi-Fi完備で、お仕事前のひとときにもどうぞ。",
    ],
    links: shopLinks,
    images: ["latte", "storefront"],
    priority: 10,
    createdDaysAgo: 3,
    withPreviewToken: true,
    order: {
      locality: "shibuya",
      course: "month1",
      startInDays: 7,
      orderedDaysAgo: 1,
      publishmentStatus: "new",
    },
  },
  {
    key: "remanded",
    owner: "shop",
    ...shopStore,
    title: "ランチタイム限定！パスタセット500円引き",
    bodies: ["11時〜14時のランチタイム限定で、パスタセットが500円引きになります。"],
    links: [shopLinks[0]!],
    images: ["interior"],
    priority: 0,
    createdDaysAgo: 6,
    statusNote: REMAND_NOTE,
    order: {
      locality: "setagaya",
      course: "day14",
      startInDays: 10,
      orderedDaysAgo: 4,
      publishmentStatus: "remanded",
    },
  },
  {
    key: "reapplying",
    owner: "shop",
    ...shopStore,
    title: "テイクアウト専門メニューが登場",
    bodies: [
      "お持ち帰り専用のサンドイッチとスイーツを始めました。",
      "お電話でのご予約も承ります。",
    ],
    links: shopLinks,
    images: ["tart"],
    priority: 5,
    createdDaysAgo: 8,
    order: {
      locality: "yokohama",
      course: "month1",
      startInDays: 5,
      orderedDaysAgo: 6,
      publishmentStatus: "reapplying",
    },
  },
  {
    key: "waitingPayment",
    owner: "shop",
    ...shopStore,
    title: "平日限定 ハッピーアワー開催中",
    bodies: ["平日17時〜19時はドリンク全品100円引き。", "お仕事帰りにぜひお立ち寄りください。"],
    links: shopLinks,
    images: ["latte"],
    priority: 20,
    createdDaysAgo: 10,
    order: {
      locality: "shibuya",
      course: "month3",
      startInDays: 3,
      orderedDaysAgo: 5,
      publishmentStatus: "confirmed",
      payment: { status: "waiting", method: "bank_transfer", type: "none" },
    },
  },
  {
    key: "publishing",
    owner: "shop",
    ...shopStore,
    title: "カフェ・ド・デモ 渋谷本店 3rd Anniversary",
    bodies: [
      "おかげさまで渋谷本店はオープン3周年を迎えました。",
      "期間中はケーキセットを10%オフでご提供します。",
      "皆さまのご来店を心よりお待ちしております。",
    ],
    links: [
      ...shopLinks,
      { title: "Instagram", url: "https://instagram.example.com/cafe_de_demo" },
    ],
    images: ["storefront", "latte", "tart"],
    priority: 100,
    createdDaysAgo: 40,
    withPreviewToken: true,
    order: {
      locality: "shibuya",
      course: "month3",
      startInDays: -30,
      orderedDaysAgo: 35,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "card", type: "none", paidDaysAgo: 33 },
      postStatus: "public",
      reportDays: 30,
    },
  },
  {
    key: "scheduled",
    owner: "shop",
    ...shopStore,
    title: "夏季限定かき氷フェア",
    bodies: ["自家製シロップのかき氷を期間限定で販売します。"],
    links: shopLinks,
    images: ["tart"],
    priority: 50,
    createdDaysAgo: 9,
    order: {
      locality: "setagaya",
      course: "day14",
      startInDays: 5,
      orderedDaysAgo: 7,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "bank_transfer", type: "direct", paidDaysAgo: 2 },
      postStatus: "public",
    },
  },
  {
    key: "suspended",
    owner: "shop",
    ...shopStore,
    title: "コーヒー豆量り売りのご案内",
    bodies: ["店内で焙煎したコーヒー豆を100gから量り売りしています。"],
    links: shopLinks,
    images: ["latte"],
    priority: 0,
    createdDaysAgo: 15,
    order: {
      locality: "yokohama",
      course: "month1",
      startInDays: -10,
      orderedDaysAgo: 14,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "cvs", type: "none", paidDaysAgo: 12 },
      postStatus: "suspended",
    },
  },
  {
    key: "ended",
    owner: "shop",
    ...shopStore,
    title: "年末年始の営業時間のお知らせ",
    bodies: [
      "年末年始は営業時間を短縮いたします。詳しくは店頭またはお電話でお問い合わせください。",
    ],
    links: [shopLinks[0]!],
    images: ["storefront"],
    priority: 0,
    createdDaysAgo: 70,
    order: {
      locality: "shibuya",
      course: "month1",
      startInDays: -60,
      orderedDaysAgo: 65,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "card", type: "none", paidDaysAgo: 63 },
      postStatus: "public",
    },
  },
  {
    key: "deleted",
    owner: "shop",
    ...shopStore,
    title: "旧店舗移転のお知らせ",
    bodies: ["旧店舗は移転いたしました。"],
    links: [],
    images: ["storefront"],
    priority: 0,
    createdDaysAgo: 90,
    isDeleted: true,
  },
  {
    key: "otherNew",
    owner: "other",
    title: "サンプル商店 梅田店 オープン記念セール",
    storeName: "サンプル商店 梅田店",
    storeAddress: "大阪府大阪市北区梅田1-1-1",
    storeTel: "06-1234-9876",
    businessHours: "10:00〜21:00（年中無休）",
    homepage: "https://sample-shoten.example.com",
    bodies: ["関西初出店を記念して、全品10%オフのセールを開催します。"],
    links: [{ title: "店舗情報", url: "https://sample-shoten.example.com/umeda" }],
    images: ["market"],
    priority: 0,
    createdDaysAgo: 1,
    order: {
      locality: "osakaKita",
      course: "day14",
      startInDays: 6,
      orderedDaysAgo: 0,
      publishmentStatus: "new",
    },
  },
  {
    key: "draftChristmas",
    owner: "shop",
    ...shopStore,
    title: "クリスマスケーキのご予約受付中",
    bodies: ["今年のクリスマスケーキは3種類。12月20日までのご予約で10%オフになります。"],
    links: [shopLinks[0]!],
    images: ["tart"],
    priority: 0,
    createdDaysAgo: 3,
  },
  {
    key: "draftYearEnd",
    owner: "shop",
    ...shopStore,
    title: "年末限定 福袋の販売について",
    bodies: ["人気のコーヒー豆とオリジナルグッズが入った福袋を数量限定で販売します。"],
    links: [shopLinks[0]!],
    images: ["storefront"],
    priority: 0,
    createdDaysAgo: 2,
  },
  {
    key: "draftWinterMenu",
    owner: "shop",
    ...shopStore,
    title: "冬の新作ホットドリンク",
    bodies: ["ほうじ茶ラテやジンジャーチャイなど、体の温まるドリンクが揃いました。"],
    links: [shopLinks[0]!],
    images: ["latte"],
    priority: 0,
    createdDaysAgo: 1,
  },
  {
    key: "draftStudySpace",
    owner: "shop",
    ...shopStore,
    title: "電源・Wi-Fi完備の席が増えました",
    bodies: ["2階席をリニューアルし、電源とWi-Fiを使える席を20席に増やしました。"],
    links: [shopLinks[0]!],
    images: ["interior"],
    priority: 0,
    createdDaysAgo: 0,
  },
];

/**
 * More live ads on 渋谷区's built-in site, so its locality page shows several ad frames among the
 * articles and the reports have data. Seeded after DEMO_ADS (their ids come last) and only for the
 * demo: the API tests' fixture data predates them (see SeedDemoOptions.siteShowcase).
 */
export const SITE_SHOWCASE_ADS: DemoAd[] = [
  {
    key: "otherShibuyaLunch",
    owner: "other",
    title: "平日限定ランチセット、はじめました",
    storeName: "サンプル商店 渋谷店",
    storeAddress: "東京都渋谷区道玄坂2-3-4",
    storeTel: "03-9876-5432",
    businessHours: "11:00〜22:00（年中無休）",
    homepage: "https://sample-shoten.example.com",
    bodies: [
      "平日11時から15時まで、日替わりのおかずとご飯・味噌汁のランチセットを880円でご用意しました。",
      "ご飯の大盛りは無料です。",
    ],
    links: [
      { title: "ランチメニュー", url: "https://sample-shoten.example.com/shibuya/lunch" },
      { title: "店舗情報", url: "https://sample-shoten.example.com/shibuya" },
    ],
    images: ["market"],
    priority: 50,
    createdDaysAgo: 20,
    order: {
      locality: "shibuya",
      course: "day14",
      startInDays: -5,
      orderedDaysAgo: 15,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "card", type: "none", paidDaysAgo: 14 },
      postStatus: "public",
      reportDays: 5,
    },
  },
  {
    key: "otherShibuyaSale",
    owner: "other",
    title: "週末は全品ポイント2倍デー",
    storeName: "サンプル商店 渋谷店",
    storeAddress: "東京都渋谷区道玄坂2-3-4",
    storeTel: "03-9876-5432",
    businessHours: "11:00〜22:00（年中無休）",
    homepage: "https://sample-shoten.example.com",
    bodies: ["土曜・日曜はお買い上げ全品のポイントが2倍になります。会員登録は店頭で1分です。"],
    links: [{ title: "会員のご案内", url: "https://sample-shoten.example.com/member" }],
    images: ["market"],
    priority: 10,
    createdDaysAgo: 12,
    order: {
      locality: "shibuya",
      course: "day7",
      startInDays: -2,
      orderedDaysAgo: 10,
      publishmentStatus: "confirmed",
      payment: { status: "paid", method: "bank_transfer", type: "none", paidDaysAgo: 5 },
      postStatus: "public",
      reportDays: 2,
    },
  },
];

export interface DemoMessage {
  owner: "shop" | "other";
  ad: string | null;
  sender: MessageSender;
  subject: string;
  body: string;
  daysAgo: number;
}

export const DEMO_MESSAGES: DemoMessage[] = [
  {
    owner: "shop",
    ad: "publishing",
    sender: "system",
    subject: "原稿が承認されました",
    body: "お申し込みの原稿を承認しました。お支払いの確認後、掲載を開始します。",
    daysAgo: 34,
  },
  {
    owner: "shop",
    ad: "publishing",
    sender: "advertiser",
    subject: "掲載内容の修正について",
    body: "3周年記念のケーキセットの割引率を10%から15%に変更したいのですが、可能でしょうか。",
    daysAgo: 4,
  },
  {
    owner: "shop",
    ad: "waitingPayment",
    sender: "administrator",
    subject: "お振込先のご案内",
    body: "お振込先は請求書に記載の口座となります。掲載開始日の前日までにお振込みをお願いいたします。",
    daysAgo: 3,
  },
  {
    owner: "shop",
    ad: "remanded",
    sender: "system",
    subject: "原稿が差し戻されました",
    body: REMAND_NOTE,
    daysAgo: 1,
  },
  {
    owner: "other",
    ad: null,
    sender: "administrator",
    subject: "ご登録ありがとうございます",
    body: "お店Newsへのご登録ありがとうございます。ご不明な点がございましたらお気軽にお問い合わせください。",
    daysAgo: 0,
  },
];
