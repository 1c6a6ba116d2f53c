// The built-in news site's own articles: a fixed, deterministic set of plausible local news, so the
// ad frames appear among content as they would on a real local news site. No external images.

export interface SampleArticle {
  title: string;
  summary: string;
  /** Days before today the article is dated. */
  daysAgo: number;
  /** The thumbnail's background colour (a plain block: no image is loaded). */
  color: string;
}

export const SAMPLE_ARTICLES: readonly SampleArticle[] = [
  {
    title: "駅前商店街で感謝祭、週末は歩行者天国に",
    summary: "地元の飲食店や雑貨店など約40店舗が参加し、限定メニューやワークショップが並びます。",
    daysAgo: 0,
    color: "#e9c46a",
  },
  {
    title: "市立図書館がリニューアルオープン、学習スペースを倍増",
    summary: "Wi-Fiと電源付きの席が増え、平日は夜9時まで利用できるようになりました。",
    daysAgo: 1,
    color: "#8ab17d",
  },
  {
    title: "川沿いの遊歩道に新しいベンチ、地域の寄付で設置",
    summary: "散歩やジョギングの途中にひと休みできる木製ベンチが12基設置されました。",
    daysAgo: 1,
    color: "#2a9d8f",
  },
  {
    title: "小学生が育てた野菜、地域の食堂でメニューに",
    summary: "総合学習の一環で育てたサツマイモを使った限定メニューが今月末まで提供されます。",
    daysAgo: 2,
    color: "#f4a261",
  },
  {
    title: "週末の朝市、今月から毎週開催に拡大",
    summary: "近郊の農家による朝採れ野菜や手作りパンが並び、朝7時から正午まで開かれます。",
    daysAgo: 3,
    color: "#e76f51",
  },
  {
    title: "コミュニティバスの新路線、来月から運行開始",
    summary: "病院や公民館を結ぶ循環ルートで、運賃は一律100円です。",
    daysAgo: 4,
    color: "#6d98ba",
  },
  {
    title: "地元高校の吹奏楽部、全国大会への出場が決定",
    summary: "出場は3年ぶり。壮行会は来週、市民ホールで開かれます。",
    daysAgo: 5,
    color: "#b5838d",
  },
  {
    title: "古民家を改装した子育て交流スペースが開所",
    summary: "親子で気軽に立ち寄れる場として、絵本の貸し出しや育児相談も行います。",
    daysAgo: 6,
    color: "#9c89b8",
  },
];

/** After how many articles each ad frame is placed (one frame every two articles). */
export const ARTICLES_PER_FRAME = 2;
