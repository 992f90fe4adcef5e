import type { Currency, Language, Market } from '@kabuto/contract';
import { MARKET_CURRENCY, SECTOR_LABELS } from '@kabuto/contract';
import type { Instrument } from './types';

/**
 * The simulated instrument universe (ARCHITECTURE "Market"): real codes and names, realistic
 * reference prices, sectors, profiles and shares outstanding. Prices are only a starting point:
 * every price a user sees comes from the seeded simulator (SPEC §0.1, §0.8).
 */
export type I18n = Record<Language, string>;

export interface InstrumentSpec extends Instrument {
  /** Reference price in today's share basis (decimal string on the market's tick grid). */
  referencePrice: string;
  /** Shares outstanding; null for an index. */
  sharesOutstanding: number | null;
  profile: I18n;
  /** Daily volatility of the idiosyncratic part (fraction, e.g. 0.015 = 1.5 %). */
  volatility: number;
  /** Sensitivity to the market factor. */
  beta: number;
  /** Expected yearly drift of the reference price (fraction). */
  driftPerYear: number;
  /** Average shares traded per day (indices: a nominal figure). */
  averageDailyVolume: number;
}

/** The sectors and their names (the one label table, packages/contract). */
export const SECTORS: Record<string, I18n> = SECTOR_LABELS;

type Row = [
  code: string,
  names: I18n,
  sector: string,
  referencePrice: string,
  sharesOutstanding: number,
  volatility: number,
  beta: number,
  driftPerYear: number,
  profile: I18n,
];

/** Daily turnover as a share of shares outstanding, by market (roughly the markets' averages). */
const TURNOVER_RATE: Record<Market, number> = { jpy: 0.004, usd: 0.006, cny: 0.008 };

function stocks(market: Market, rows: Row[]): InstrumentSpec[] {
  return rows.map(
    ([code, name, sector, referencePrice, sharesOutstanding, volatility, beta, driftPerYear, profile]) => ({
      code,
      market,
      kind: 'stock',
      name,
      sector,
      currency: MARKET_CURRENCY[market] satisfies Currency,
      referencePrice,
      sharesOutstanding,
      profile,
      volatility,
      beta,
      driftPerYear,
      averageDailyVolume: Math.max(10_000, Math.round(sharesOutstanding * TURNOVER_RATE[market])),
    }),
  );
}

const JAPAN = stocks('jpy', [
  [
    '7203',
    { cn: '丰田汽车', us: 'Toyota Motor', jp: 'トヨタ自動車' },
    'automobiles',
    '2850.0',
    15_794_987_460,
    0.014,
    1.0,
    0.06,
    {
      cn: '全球最大的汽车制造商之一，旗下拥有丰田和雷克萨斯品牌，在混合动力技术方面处于领先地位。',
      us: 'One of the world’s largest carmakers, with the Toyota and Lexus brands and a lead in hybrid powertrains.',
      jp: 'トヨタ・レクサスブランドを展開する世界最大級の自動車メーカー。ハイブリッド技術で先行。',
    },
  ],
  [
    '6758',
    { cn: '索尼集团', us: 'Sony Group', jp: 'ソニーグループ' },
    'electronics',
    '3650.0',
    6_149_810_645,
    0.017,
    1.1,
    0.1,
    {
      cn: '涵盖游戏、音乐、电影、图像传感器和金融服务的综合性娱乐与科技集团。',
      us: 'Entertainment and technology group spanning games, music, pictures, image sensors and financial services.',
      jp: 'ゲーム、音楽、映画、イメージセンサー、金融を手がけるエンタテインメント・テクノロジー企業。',
    },
  ],
  [
    '9984',
    { cn: '软银集团', us: 'SoftBank Group', jp: 'ソフトバンクグループ' },
    'conglomerate',
    '17500.0',
    1_469_995_230,
    0.028,
    1.5,
    0.15,
    {
      cn: '以愿景基金为核心的投资控股公司，持有Arm等科技企业股份。',
      us: 'Investment holding company built around the Vision Funds, with stakes in Arm and other technology firms.',
      jp: 'ビジョン・ファンドを軸とする投資持株会社。Armなどテクノロジー企業の株式を保有。',
    },
  ],
  [
    '8306',
    {
      cn: '三菱日联金融集团',
      us: 'Mitsubishi UFJ Financial Group',
      jp: '三菱ＵＦＪフィナンシャル・グループ',
    },
    'banks',
    '2050.0',
    12_067_710_920,
    0.016,
    1.1,
    0.12,
    {
      cn: '日本最大的金融集团，业务涵盖商业银行、信托、证券和信用卡。',
      us: 'Japan’s largest financial group: commercial banking, trust banking, securities and cards.',
      jp: '国内最大の金融グループ。銀行、信託、証券、カード事業を展開。',
    },
  ],
  [
    '6861',
    { cn: '基恩士', us: 'Keyence', jp: 'キーエンス' },
    'electronics',
    '58000.0',
    243_207_684,
    0.016,
    1.1,
    0.06,
    {
      cn: '工厂自动化传感器、测量仪器和视觉系统的直销型制造商，利润率极高。',
      us: 'Direct-sales maker of factory-automation sensors, measuring instruments and vision systems, with very high margins.',
      jp: 'FA用センサー、測定器、画像処理システムを直販で提供する高収益メーカー。',
    },
  ],
  [
    '9432',
    { cn: '日本电信电话', us: 'NTT', jp: '日本電信電話' },
    'telecom',
    '152.0',
    90_551_316_400,
    0.01,
    0.6,
    0.02,
    {
      cn: '日本最大的电信集团，经营固网、移动通信（docomo）和数据中心业务。',
      us: 'Japan’s largest telecom group: fixed line, mobile (docomo) and data centres.',
      jp: '固定通信、移動通信（ドコモ）、データセンターを展開する国内最大の通信グループ。',
    },
  ],
  [
    '7974',
    { cn: '任天堂', us: 'Nintendo', jp: '任天堂' },
    'games',
    '9800.0',
    1_298_690_000,
    0.018,
    0.9,
    0.12,
    {
      cn: '游戏机与游戏软件开发商，拥有马里奥、塞尔达、宝可梦等知名IP。',
      us: 'Maker of game consoles and software, home of Mario, Zelda and Pokémon.',
      jp: 'ゲーム機・ソフトの開発販売。マリオ、ゼルダ、ポケモンなどのIPを持つ。',
    },
  ],
  [
    '6098',
    { cn: '瑞可利控股', us: 'Recruit Holdings', jp: 'リクルートホールディングス' },
    'services',
    '9200.0',
    1_516_000_000,
    0.02,
    1.2,
    0.08,
    {
      cn: '运营Indeed和Glassdoor等招聘平台，并提供人才派遣与生活信息服务。',
      us: 'Operates Indeed and Glassdoor, plus staffing and lifestyle-media businesses.',
      jp: 'IndeedやGlassdoorを運営。人材派遣や販促メディア事業も展開。',
    },
  ],
  [
    '8035',
    { cn: '东京电子', us: 'Tokyo Electron', jp: '東京エレクトロン' },
    'semiconductors',
    '24500.0',
    471_632_733,
    0.026,
    1.5,
    0.1,
    {
      cn: '全球领先的半导体制造设备商，主营涂胶显影、刻蚀和成膜设备。',
      us: 'Leading maker of semiconductor production equipment: coater/developers, etch and deposition.',
      jp: '半導体製造装置の大手。コータ・デベロッパ、エッチング、成膜装置に強み。',
    },
  ],
  [
    '4063',
    { cn: '信越化学工业', us: 'Shin-Etsu Chemical', jp: '信越化学工業' },
    'chemicals',
    '5200.0',
    2_004_000_000,
    0.017,
    1.0,
    0.05,
    {
      cn: '全球最大的硅片和PVC（聚氯乙烯）生产商之一。',
      us: 'One of the world’s largest producers of silicon wafers and PVC.',
      jp: '半導体シリコンウエハーと塩化ビニル樹脂で世界トップクラス。',
    },
  ],
  [
    '9983',
    { cn: '迅销', us: 'Fast Retailing', jp: 'ファーストリテイリング' },
    'retail',
    '49000.0',
    318_220_968,
    0.018,
    1.0,
    0.1,
    {
      cn: '优衣库和GU的母公司，在全球经营休闲服装零售。',
      us: 'Parent of Uniqlo and GU, running casual apparel stores worldwide.',
      jp: 'ユニクロ、ジーユーを展開するカジュアル衣料小売の持株会社。',
    },
  ],
  [
    '6501',
    { cn: '日立制作所', us: 'Hitachi', jp: '日立製作所' },
    'electronics',
    '3900.0',
    4_580_000_000,
    0.018,
    1.1,
    0.15,
    {
      cn: '以数字化、能源和交通系统为主的综合性电气与IT企业。',
      us: 'Electrical and IT group focused on digital systems, energy and mobility.',
      jp: 'デジタル、エネルギー、モビリティを中核とする総合電機・IT企業。',
    },
  ],
  [
    '7267',
    { cn: '本田技研工业', us: 'Honda Motor', jp: '本田技研工業' },
    'automobiles',
    '1450.0',
    5_280_000_000,
    0.016,
    1.0,
    0.03,
    {
      cn: '全球最大的摩托车制造商，同时生产汽车和动力产品。',
      us: 'The world’s largest motorcycle maker, also building cars and power products.',
      jp: '世界最大の二輪車メーカー。四輪車やパワープロダクツも製造。',
    },
  ],
  [
    '4502',
    { cn: '武田药品工业', us: 'Takeda Pharmaceutical', jp: '武田薬品工業' },
    'pharma',
    '4250.0',
    1_590_000_000,
    0.013,
    0.7,
    0.02,
    {
      cn: '日本最大的制药企业，专注消化系统、罕见病、血浆疗法和肿瘤领域。',
      us: 'Japan’s largest drugmaker, focused on gastroenterology, rare diseases, plasma therapies and oncology.',
      jp: '消化器、希少疾患、血漿分画製剤、がん領域に注力する国内最大の製薬会社。',
    },
  ],
  [
    '8058',
    { cn: '三菱商事', us: 'Mitsubishi Corporation', jp: '三菱商事' },
    'trading',
    '2900.0',
    4_010_000_000,
    0.017,
    1.0,
    0.08,
    {
      cn: '日本最大的综合商社，业务涵盖能源、金属资源、食品和基础设施。',
      us: 'Japan’s largest trading house, active in energy, metals, food and infrastructure.',
      jp: 'エネルギー、金属資源、食品、インフラなどを手がける総合商社最大手。',
    },
  ],
  [
    '8001',
    { cn: '伊藤忠商事', us: 'Itochu', jp: '伊藤忠商事' },
    'trading',
    '7800.0',
    1_584_000_000,
    0.015,
    0.9,
    0.1,
    {
      cn: '以纺织、食品和消费相关业务见长的综合商社。',
      us: 'Trading house strong in textiles, food and consumer-related businesses.',
      jp: '繊維、食料、生活消費関連に強みを持つ総合商社。',
    },
  ],
  [
    '6367',
    { cn: '大金工业', us: 'Daikin Industries', jp: 'ダイキン工業' },
    'machinery',
    '18500.0',
    293_113_973,
    0.017,
    1.0,
    0.04,
    {
      cn: '全球最大的空调制造商，同时生产含氟化学品。',
      us: 'The world’s largest air-conditioner maker, also producing fluorochemicals.',
      jp: '空調機で世界首位。フッ素化学製品も手がける。',
    },
  ],
  [
    '4568',
    { cn: '第一三共', us: 'Daiichi Sankyo', jp: '第一三共' },
    'pharma',
    '3600.0',
    1_920_000_000,
    0.022,
    0.8,
    0.08,
    {
      cn: '以抗体偶联药物（ADC）等肿瘤药物为增长核心的制药企业。',
      us: 'Drugmaker whose growth centres on antibody–drug conjugates for cancer.',
      jp: '抗体薬物複合体（ADC）などのがん領域を成長の柱とする製薬会社。',
    },
  ],
  [
    '6902',
    { cn: '电装', us: 'Denso', jp: 'デンソー' },
    'auto_parts',
    '2050.0',
    2_950_000_000,
    0.016,
    1.0,
    0.03,
    {
      cn: '全球领先的汽车零部件供应商，主营热管理、动力总成和电子系统。',
      us: 'Leading automotive supplier of thermal, powertrain and electronic systems.',
      jp: '熱、パワートレイン、電子システムなどを供給する大手自動車部品メーカー。',
    },
  ],
  [
    '7751',
    { cn: '佳能', us: 'Canon', jp: 'キヤノン' },
    'electronics',
    '4500.0',
    953_000_000,
    0.013,
    0.8,
    0.05,
    {
      cn: '生产相机、办公打印设备、医疗影像和半导体光刻设备。',
      us: 'Makes cameras, office printers, medical imaging and semiconductor lithography equipment.',
      jp: 'カメラ、事務機、医療機器、半導体露光装置を製造。',
    },
  ],
  [
    '6954',
    { cn: '发那科', us: 'Fanuc', jp: 'ファナック' },
    'machinery',
    '4100.0',
    950_000_000,
    0.017,
    1.0,
    0.03,
    {
      cn: '数控系统和工业机器人领域的全球领先企业。',
      us: 'Global leader in CNC systems and industrial robots.',
      jp: 'NC装置と産業用ロボットの世界的リーダー。',
    },
  ],
  [
    '9433',
    { cn: 'KDDI', us: 'KDDI', jp: 'ＫＤＤＩ' },
    'telecom',
    '2450.0',
    4_200_000_000,
    0.011,
    0.6,
    0.05,
    {
      cn: '经营au品牌移动通信业务的日本第二大电信运营商。',
      us: 'Japan’s second-largest telecom operator, running the au mobile brand.',
      jp: 'auブランドの移動通信などを展開する大手通信事業者。',
    },
  ],
]);

const US = stocks('usd', [
  [
    'AAPL',
    { cn: '苹果', us: 'Apple', jp: 'アップル' },
    'electronics',
    '228.50',
    15_120_000_000,
    0.015,
    1.1,
    0.12,
    {
      cn: '设计并销售iPhone、Mac、iPad及可穿戴设备，并提供App Store等服务。',
      us: 'Designs iPhone, Mac, iPad and wearables, and runs services such as the App Store.',
      jp: 'iPhone、Mac、iPad、ウェアラブルを設計・販売し、App Storeなどのサービスも提供。',
    },
  ],
  [
    'MSFT',
    { cn: '微软', us: 'Microsoft', jp: 'マイクロソフト' },
    'software',
    '425.00',
    7_430_000_000,
    0.014,
    1.0,
    0.12,
    {
      cn: '提供Windows、Office、Azure云计算和Xbox游戏业务。',
      us: 'Windows, Office, the Azure cloud and Xbox gaming.',
      jp: 'Windows、Office、クラウドのAzure、ゲームのXboxを展開。',
    },
  ],
  [
    'NVDA',
    { cn: '英伟达', us: 'NVIDIA', jp: 'エヌビディア' },
    'semiconductors',
    '138.00',
    24_400_000_000,
    0.03,
    1.7,
    0.3,
    {
      cn: '图形处理器和数据中心AI加速器的领先设计商。',
      us: 'Leading designer of graphics processors and data-centre AI accelerators.',
      jp: 'GPUとデータセンター向けAIアクセラレーターの大手設計会社。',
    },
  ],
  [
    'AMZN',
    { cn: '亚马逊', us: 'Amazon.com', jp: 'アマゾン・ドット・コム' },
    'internet',
    '198.00',
    10_600_000_000,
    0.019,
    1.2,
    0.12,
    {
      cn: '全球最大的电商平台之一，并通过AWS提供云计算服务。',
      us: 'One of the largest online retailers, and the AWS cloud platform.',
      jp: '世界最大級のネット通販。クラウドのAWSも運営。',
    },
  ],
  [
    'GOOGL',
    { cn: '谷歌-A', us: 'Alphabet Class A', jp: 'アルファベット A' },
    'internet',
    '172.00',
    5_830_000_000,
    0.018,
    1.1,
    0.12,
    {
      cn: '谷歌母公司，经营搜索、YouTube、安卓和谷歌云。',
      us: 'Parent of Google: Search, YouTube, Android and Google Cloud.',
      jp: 'Googleの親会社。検索、YouTube、Android、Google Cloudを運営。',
    },
  ],
  [
    'META',
    { cn: 'Meta平台', us: 'Meta Platforms', jp: 'メタ・プラットフォームズ' },
    'internet',
    '575.00',
    2_520_000_000,
    0.022,
    1.3,
    0.15,
    {
      cn: '运营Facebook、Instagram、WhatsApp和Messenger等社交应用。',
      us: 'Runs Facebook, Instagram, WhatsApp and Messenger.',
      jp: 'Facebook、Instagram、WhatsApp、Messengerを運営。',
    },
  ],
  [
    'TSLA',
    { cn: '特斯拉', us: 'Tesla', jp: 'テスラ' },
    'automobiles',
    '250.00',
    3_220_000_000,
    0.035,
    1.8,
    0.1,
    {
      cn: '电动汽车制造商，同时经营储能和太阳能业务。',
      us: 'Electric-vehicle maker with energy-storage and solar businesses.',
      jp: '電気自動車メーカー。蓄電池や太陽光発電事業も展開。',
    },
  ],
  [
    'BRK.B',
    { cn: '伯克希尔-哈撒韦B', us: 'Berkshire Hathaway Class B', jp: 'バークシャー・ハサウェイ B' },
    'conglomerate',
    '455.00',
    1_310_000_000,
    0.009,
    0.8,
    0.1,
    {
      cn: '沃伦·巴菲特执掌的多元化控股公司，涵盖保险、铁路和能源等业务。',
      us: 'Warren Buffett’s diversified holding company: insurance, railroads, energy and more.',
      jp: 'ウォーレン・バフェット率いる複合企業。保険、鉄道、エネルギーなどを保有。',
    },
  ],
  [
    'JPM',
    { cn: '摩根大通', us: 'JPMorgan Chase', jp: 'JPモルガン・チェース' },
    'banks',
    '228.00',
    2_820_000_000,
    0.014,
    1.1,
    0.1,
    {
      cn: '美国资产规模最大的银行，业务涵盖零售银行、投行和资产管理。',
      us: 'The largest US bank by assets: consumer banking, investment banking and asset management.',
      jp: '米国最大の銀行。リテール、投資銀行、資産運用を展開。',
    },
  ],
  [
    'V',
    { cn: '维萨', us: 'Visa', jp: 'ビザ' },
    'payments',
    '295.00',
    1_950_000_000,
    0.011,
    0.9,
    0.1,
    {
      cn: '全球最大的电子支付网络之一，连接发卡行、收单行和商户。',
      us: 'One of the largest electronic payment networks, linking issuers, acquirers and merchants.',
      jp: '発行会社、加盟店、アクワイアラーを結ぶ世界最大級の決済ネットワーク。',
    },
  ],
  [
    'JNJ',
    { cn: '强生', us: 'Johnson & Johnson', jp: 'ジョンソン・エンド・ジョンソン' },
    'pharma',
    '155.00',
    2_410_000_000,
    0.01,
    0.6,
    0.03,
    {
      cn: '专注创新药和医疗器械的医疗健康企业。',
      us: 'Healthcare company focused on innovative medicines and medical technology.',
      jp: '医薬品と医療機器に注力するヘルスケア企業。',
    },
  ],
  [
    'WMT',
    { cn: '沃尔玛', us: 'Walmart', jp: 'ウォルマート' },
    'retail',
    '82.00',
    8_030_000_000,
    0.011,
    0.6,
    0.15,
    {
      cn: '全球最大的零售商，经营沃尔玛超市和山姆会员店。',
      us: 'The world’s largest retailer: Walmart stores and Sam’s Club.',
      jp: '世界最大の小売業。ウォルマートとサムズ・クラブを運営。',
    },
  ],
  [
    'XOM',
    { cn: '埃克森美孚', us: 'Exxon Mobil', jp: 'エクソンモービル' },
    'energy',
    '117.00',
    4_390_000_000,
    0.015,
    0.8,
    0.03,
    {
      cn: '全球最大的上市石油天然气公司之一，覆盖勘探开采、炼化和化工。',
      us: 'One of the largest listed oil and gas companies: upstream, refining and chemicals.',
      jp: '探鉱・生産から精製、化学まで手がける世界最大級の石油会社。',
    },
  ],
  [
    'KO',
    { cn: '可口可乐', us: 'Coca-Cola', jp: 'コカ・コーラ' },
    'beverages',
    '68.00',
    4_310_000_000,
    0.009,
    0.5,
    0.04,
    {
      cn: '全球最大的软饮料公司，拥有可口可乐、雪碧、芬达等品牌。',
      us: 'The world’s largest soft-drink company: Coca-Cola, Sprite, Fanta and more.',
      jp: 'コカ・コーラ、スプライト、ファンタなどを持つ世界最大の清涼飲料会社。',
    },
  ],
  [
    'DIS',
    { cn: '迪士尼', us: 'Walt Disney', jp: 'ウォルト・ディズニー' },
    'media',
    '98.00',
    1_810_000_000,
    0.017,
    1.1,
    0.04,
    {
      cn: '经营影视娱乐、主题乐园、流媒体Disney+和ESPN体育频道。',
      us: 'Film and TV, theme parks, the Disney+ streaming service and ESPN.',
      jp: '映画・テレビ、テーマパーク、Disney+、ESPNを展開。',
    },
  ],
  [
    'PG',
    { cn: '宝洁', us: 'Procter & Gamble', jp: 'プロクター・アンド・ギャンブル' },
    'retail',
    '168.00',
    2_350_000_000,
    0.009,
    0.5,
    0.05,
    {
      cn: '日用消费品巨头，拥有帮宝适、汰渍、吉列等品牌。',
      us: 'Consumer-goods maker of Pampers, Tide, Gillette and more.',
      jp: 'パンパース、タイド、ジレットなどを持つ日用品大手。',
    },
  ],
]);

const CHINA = stocks('cny', [
  [
    '600519',
    { cn: '贵州茅台', us: 'Kweichow Moutai', jp: '貴州茅台酒' },
    'beverages',
    '1520.00',
    1_256_197_800,
    0.016,
    1.0,
    0.04,
    {
      cn: '中国白酒龙头企业，主营茅台酒系列产品。',
      us: 'China’s leading baijiu distiller, maker of Moutai liquor.',
      jp: '中国白酒の最大手。茅台酒を製造販売。',
    },
  ],
  [
    '601318',
    { cn: '中国平安', us: 'Ping An Insurance', jp: '中国平安保険' },
    'insurance',
    '50.50',
    18_210_234_607,
    0.016,
    1.0,
    0.04,
    {
      cn: '综合金融集团，业务涵盖寿险、财险、银行和资产管理。',
      us: 'Integrated financial group: life and property insurance, banking and asset management.',
      jp: '生命保険、損害保険、銀行、資産運用を手がける総合金融グループ。',
    },
  ],
  [
    '600036',
    { cn: '招商银行', us: 'China Merchants Bank', jp: '招商銀行' },
    'banks',
    '39.80',
    25_219_845_601,
    0.014,
    0.9,
    0.06,
    {
      cn: '以零售银行和财富管理见长的全国性股份制商业银行。',
      us: 'Nationwide joint-stock commercial bank known for retail banking and wealth management.',
      jp: 'リテール銀行業務と資産運用に強い全国展開の株式制商業銀行。',
    },
  ],
  [
    '000858',
    { cn: '五粮液', us: 'Wuliangye Yibin', jp: '五糧液' },
    'beverages',
    '135.00',
    3_881_608_005,
    0.019,
    1.1,
    0.0,
    {
      cn: '以五种粮食酿造的浓香型白酒龙头企业。',
      us: 'Leading strong-aroma baijiu distiller using five grains.',
      jp: '五種類の穀物で造る濃香型白酒の大手。',
    },
  ],
  [
    '300750',
    { cn: '宁德时代', us: 'CATL', jp: '寧徳時代' },
    'batteries',
    '255.00',
    4_403_466_458,
    0.026,
    1.3,
    0.15,
    {
      cn: '全球最大的动力电池制造商，并提供储能电池系统。',
      us: 'The world’s largest maker of electric-vehicle batteries, also supplying energy-storage systems.',
      jp: '世界最大の車載電池メーカー。蓄電システムも供給。',
    },
  ],
  [
    '688981',
    { cn: '中芯国际', us: 'SMIC', jp: '中芯国際' },
    'semiconductors',
    '88.00',
    7_985_000_000,
    0.032,
    1.5,
    0.1,
    {
      cn: '中国大陆规模最大的集成电路晶圆代工企业。',
      us: 'Mainland China’s largest semiconductor foundry.',
      jp: '中国本土最大の半導体ファウンドリー。',
    },
  ],
  [
    '000333',
    { cn: '美的集团', us: 'Midea Group', jp: '美的集団' },
    'appliances',
    '72.00',
    7_600_000_000,
    0.017,
    1.0,
    0.1,
    {
      cn: '家电和暖通空调龙头企业，并布局机器人与自动化业务。',
      us: 'Home-appliance and HVAC leader, also in robotics and automation.',
      jp: '家電・空調の大手。ロボットや自動化事業も展開。',
    },
  ],
  [
    '601012',
    { cn: '隆基绿能', us: 'LONGi Green Energy', jp: '隆基緑能' },
    'solar',
    '17.50',
    7_578_000_000,
    0.03,
    1.3,
    -0.05,
    {
      cn: '全球领先的单晶硅片和太阳能组件制造商。',
      us: 'Leading maker of monocrystalline silicon wafers and solar modules.',
      jp: '単結晶シリコンウエハーと太陽電池モジュールの大手メーカー。',
    },
  ],
  [
    '002594',
    { cn: '比亚迪', us: 'BYD', jp: '比亜迪' },
    'automobiles',
    '285.00',
    2_909_265_600,
    0.025,
    1.3,
    0.15,
    {
      cn: '新能源汽车和动力电池制造商，同时经营电子代工业务。',
      us: 'Maker of new-energy vehicles and batteries, with an electronics manufacturing arm.',
      jp: '新エネルギー車と電池のメーカー。電子機器受託製造も手がける。',
    },
  ],
  [
    '600276',
    { cn: '恒瑞医药', us: 'Jiangsu Hengrui Pharmaceuticals', jp: '恒瑞医薬' },
    'pharma',
    '48.00',
    6_380_000_000,
    0.019,
    0.9,
    0.06,
    {
      cn: '中国领先的创新药企业，重点布局肿瘤、麻醉和造影剂领域。',
      us: 'Leading Chinese innovative-drug maker in oncology, anaesthesia and contrast media.',
      jp: 'がん、麻酔、造影剤に強い中国の大手新薬メーカー。',
    },
  ],
  [
    '601398',
    { cn: '工商银行', us: 'ICBC', jp: '中国工商銀行' },
    'banks',
    '6.50',
    356_406_257_089,
    0.008,
    0.6,
    0.06,
    {
      cn: '按资产规模计全球最大的商业银行。',
      us: 'The world’s largest commercial bank by assets.',
      jp: '総資産で世界最大の商業銀行。',
    },
  ],
  [
    '000001',
    { cn: '平安银行', us: 'Ping An Bank', jp: '平安銀行' },
    'banks',
    '11.20',
    19_405_918_198,
    0.014,
    0.9,
    0.0,
    {
      cn: '中国平安旗下的全国性股份制商业银行，深耕零售金融。',
      us: 'Nationwide joint-stock bank of the Ping An group, focused on retail finance.',
      jp: '中国平安グループの全国展開株式制商業銀行。リテール金融に注力。',
    },
  ],
  [
    '600900',
    { cn: '长江电力', us: 'China Yangtze Power', jp: '長江電力' },
    'utilities',
    '28.60',
    24_468_217_716,
    0.009,
    0.5,
    0.06,
    {
      cn: '运营三峡、葛洲坝等大型水电站的中国最大水电上市公司。',
      us: 'China’s largest listed hydropower company, running the Three Gorges and Gezhouba plants.',
      jp: '三峡ダムなどを運営する中国最大の上場水力発電会社。',
    },
  ],
  [
    '300059',
    { cn: '东方财富', us: 'East Money Information', jp: '東方財富' },
    'securities',
    '22.50',
    15_786_000_000,
    0.028,
    1.5,
    0.08,
    {
      cn: '运营东方财富网和互联网券商的金融信息服务商。',
      us: 'Financial-information portal operator with an online brokerage.',
      jp: '金融情報ポータルとオンライン証券を運営。',
    },
  ],
  [
    '601899',
    { cn: '紫金矿业', us: 'Zijin Mining', jp: '紫金鉱業' },
    'mining',
    '18.20',
    26_578_000_000,
    0.02,
    1.1,
    0.12,
    {
      cn: '以金、铜、锌为主的大型矿业集团。',
      us: 'Large mining group producing gold, copper and zinc.',
      jp: '金、銅、亜鉛を主力とする大手鉱業グループ。',
    },
  ],
  [
    '600030',
    { cn: '中信证券', us: 'CITIC Securities', jp: '中信証券' },
    'securities',
    '27.00',
    14_820_000_000,
    0.02,
    1.3,
    0.05,
    {
      cn: '中国规模最大的综合性证券公司。',
      us: 'China’s largest full-service securities firm.',
      jp: '中国最大の総合証券会社。',
    },
  ],
  // A risk-warning (ST) name so the ±5 % band of SPEC §6.2 has an instrument. The company is fictional.
  [
    '605999',
    { cn: 'ST东岳', us: 'ST Dongyue Tech (fictional)', jp: 'ST東岳（架空）' },
    'chemicals',
    '4.20',
    820_000_000,
    0.03,
    1.2,
    -0.1,
    {
      cn: '虚构的风险警示（ST）公司，用于演示±5%涨跌幅限制。',
      us: 'A fictional risk-warning (ST) company that demonstrates the ±5 % daily limit.',
      jp: '値幅制限±5％を示すための架空のリスク警告（ST）銘柄。',
    },
  ],
]);

type IndexRow = [
  code: string,
  market: Market,
  names: I18n,
  referencePrice: string,
  volatility: number,
  profile: I18n,
];

const INDEX_ROWS: IndexRow[] = [
  [
    '^N225',
    'jpy',
    { cn: '日经225指数', us: 'Nikkei 225', jp: '日経平均株価' },
    '39500.0',
    0.012,
    {
      cn: '由东京证券交易所225只代表性股票组成的价格加权指数。',
      us: 'Price-weighted index of 225 leading stocks on the Tokyo Stock Exchange.',
      jp: '東証プライム市場の代表的な225銘柄で構成される株価平均型指数。',
    },
  ],
  [
    '^TOPX',
    'jpy',
    { cn: '东证股价指数', us: 'TOPIX', jp: '東証株価指数（TOPIX）' },
    '2750.0',
    0.01,
    {
      cn: '反映东京证券交易所整体走势的市值加权指数。',
      us: 'Market-capitalisation-weighted index of the Tokyo Stock Exchange.',
      jp: '東京証券取引所の市場全体の動きを示す時価総額加重型指数。',
    },
  ],
  [
    '^GSPC',
    'usd',
    { cn: '标普500指数', us: 'S&P 500', jp: 'S&P500' },
    '5900.00',
    0.01,
    {
      cn: '由美国500家大型上市公司组成的市值加权指数。',
      us: 'Market-capitalisation-weighted index of 500 large US companies.',
      jp: '米国の大型株500銘柄で構成される時価総額加重型指数。',
    },
  ],
  [
    '^IXIC',
    'usd',
    { cn: '纳斯达克综合指数', us: 'Nasdaq Composite', jp: 'ナスダック総合指数' },
    '19000.00',
    0.013,
    {
      cn: '涵盖纳斯达克交易所全部上市普通股的综合指数。',
      us: 'Index of all common stocks listed on the Nasdaq exchange.',
      jp: 'ナスダック市場に上場する全普通株で構成される指数。',
    },
  ],
  [
    '^DJI',
    'usd',
    { cn: '道琼斯工业平均指数', us: 'Dow Jones Industrial Average', jp: 'NYダウ' },
    '43000.00',
    0.009,
    {
      cn: '由30家美国大型蓝筹公司组成的价格加权指数。',
      us: 'Price-weighted index of 30 large US blue-chip companies.',
      jp: '米国の代表的な優良企業30社で構成される株価平均型指数。',
    },
  ],
  [
    '000001.SS',
    'cny',
    { cn: '上证指数', us: 'SSE Composite', jp: '上海総合指数' },
    '3350.00',
    0.011,
    {
      cn: '反映上海证券交易所全部上市股票走势的综合指数。',
      us: 'Composite index of all stocks listed on the Shanghai Stock Exchange.',
      jp: '上海証券取引所の全上場銘柄で構成される総合指数。',
    },
  ],
  [
    '399001.SZ',
    'cny',
    { cn: '深证成指', us: 'Shenzhen Component', jp: '深セン成分指数' },
    '10700.00',
    0.014,
    {
      cn: '由深圳证券交易所500只代表性股票组成的成分指数。',
      us: 'Index of 500 representative stocks on the Shenzhen Stock Exchange.',
      jp: '深セン証券取引所の代表的な500銘柄で構成される指数。',
    },
  ],
];

const INDICES: InstrumentSpec[] = INDEX_ROWS.map(
  ([code, market, name, referencePrice, volatility, profile]) => ({
    code,
    market,
    kind: 'index',
    name,
    sector: 'index',
    currency: MARKET_CURRENCY[market],
    referencePrice,
    sharesOutstanding: null,
    profile,
    volatility: volatility * 0.25,
    beta: 1,
    driftPerYear: 0.07,
    averageDailyVolume: 1_000_000_000,
  }),
);

export const UNIVERSE: readonly InstrumentSpec[] = [...JAPAN, ...US, ...CHINA, ...INDICES];

/**
 * Corporate actions of the simulated history (SPEC §6.2 adjustment modes), placed relative to
 * the day the history is generated: the ex-date is the first trading day on or after that many
 * months before the first start. Splits are shares per old share; dividends are per pre-split share.
 */
export interface CorporateActionSpec {
  code: string;
  monthsAgo: number;
  splitRatio?: number;
  cashDividend?: string;
}

export const CORPORATE_ACTIONS: readonly CorporateActionSpec[] = [
  { code: '8035', monthsAgo: 3, splitRatio: 2 },
  { code: '6758', monthsAgo: 14, splitRatio: 5 },
  { code: '9983', monthsAgo: 20, splitRatio: 3 },
  { code: '7203', monthsAgo: 7, cashDividend: '45.0' },
  { code: '7203', monthsAgo: 19, cashDividend: '40.0' },
  { code: '8306', monthsAgo: 5, cashDividend: '25.0' },
  { code: 'NVDA', monthsAgo: 17, splitRatio: 10 },
  { code: 'WMT', monthsAgo: 21, splitRatio: 3 },
  { code: 'AAPL', monthsAgo: 2, cashDividend: '0.26' },
  { code: 'AAPL', monthsAgo: 5, cashDividend: '0.25' },
  { code: 'KO', monthsAgo: 4, cashDividend: '0.51' },
  { code: 'JPM', monthsAgo: 6, cashDividend: '1.40' },
  { code: '600519', monthsAgo: 6, cashDividend: '30.88' },
  { code: '601398', monthsAgo: 5, cashDividend: '0.31' },
  { code: '300750', monthsAgo: 9, splitRatio: 1.4 },
  { code: '000333', monthsAgo: 7, cashDividend: '3.00' },
];

/** FX reference: units of each currency per US dollar (SPEC §1, §6.4 exchange). */
export const FX_PER_USD: Record<Currency, string> = {
  USD: '1',
  JPY: '150.20',
  CNY: '7.2150',
  TWD: '32.150',
  HKD: '7.7850',
  THB: '35.60',
  VND: '25350',
  MYR: '4.4800',
  KRW: '1385.0',
  SAR: '3.7500',
};

/**
 * A newly listed stock (a new share on its listing day, SPEC §5) with the simulator's default
 * behaviour. Callers list it with `ctx.marketData.market.list(listingSpec(…))` when it starts
 * trading, and again at every start (the universe above is code; listings live with their owner).
 */
export function listingSpec(input: {
  code: string;
  market: Market;
  name: I18n;
  sector: string;
  referencePrice: string;
  sharesOutstanding: number;
  profile?: I18n;
}): InstrumentSpec {
  return {
    code: input.code,
    market: input.market,
    kind: 'stock',
    name: input.name,
    sector: input.sector,
    currency: MARKET_CURRENCY[input.market],
    referencePrice: input.referencePrice,
    sharesOutstanding: input.sharesOutstanding,
    profile: input.profile ?? input.name,
    volatility: 0.03,
    beta: 1.2,
    driftPerYear: 0,
    averageDailyVolume: Math.max(
      10_000,
      Math.round(input.sharesOutstanding * TURNOVER_RATE[input.market] * 3),
    ),
  };
}
