import { SAMPLE_SOURCE_LABELS } from '@kabuto/contract';
import type { I18nText } from '../messages/port';
import type { NewsInput } from './service';

/**
 * The demo's sample articles (SPEC §6.6: "the demo ships sample articles labelled as samples").
 * They explain how the product and the markets work; none reports an event as if it happened.
 */
const SAMPLE_SOURCE = SAMPLE_SOURCE_LABELS.us;
const LABEL: I18nText = { cn: '【示例】', us: '[Sample] ', jp: '【サンプル】' };
const NOTE: I18nText = {
  cn: '\n\n本文为演示用示例文章，不构成投资建议。行情数据为模拟数据。',
  us: '\n\nThis is a sample article for the demo and is not investment advice. Market data is simulated.',
  jp: '\n\n本記事はデモ用のサンプルであり、投資助言ではありません。相場データはシミュレーションです。',
};

type Sample = { hoursAgo: number; codes: string[]; title: I18nText; summary: I18nText; body: I18nText };

const SAMPLES: Sample[] = [
  {
    hoursAgo: 1,
    codes: [],
    title: {
      cn: '欢迎使用Kabuto模拟行情',
      us: 'Welcome to Kabuto’s simulated market',
      jp: 'Kabutoのシミュレーション相場へようこそ',
    },
    summary: {
      cn: '演示环境中的所有价格都来自可复现的模拟行情，并标有“模拟”标记。',
      us: 'Every price in the demo comes from a reproducible simulated feed and carries a “Simulated” badge.',
      jp: 'デモ環境の価格はすべて再現可能なシミュレーションによるもので、「シミュレーション」と表示されます。',
    },
    body: {
      cn: '演示环境中的日本、美国和中国股票及指数价格由带种子的随机游走生成，每秒更新一次。相同的种子总会生成相同的历史K线，因此任何人都可以复现。价格遵守各市场的最小变动单位和涨跌停限制。',
      us: 'Prices of the Japanese, US and Chinese stocks and indices in the demo come from a seeded random walk that updates every second. The same seed always produces the same history, so anyone can reproduce it. Prices respect each market’s tick size and daily limits.',
      jp: 'デモ環境の日本・米国・中国の株式と指数の価格は、シード付きランダムウォークで毎秒更新されます。同じシードからは常に同じ履歴が生成されるため、誰でも再現できます。価格は各市場の呼値と値幅制限に従います。',
    },
  },
  {
    hoursAgo: 5,
    codes: ['7203', '6758'],
    title: {
      cn: '东京证券交易所的涨跌停制度是如何运作的',
      us: 'How daily price limits work on the Tokyo Stock Exchange',
      jp: '東証の値幅制限のしくみ',
    },
    summary: {
      cn: '日本股票的每日涨跌幅按前一日收盘价分档，以固定金额设定。',
      us: 'Japanese stocks move within a fixed yen band set by the previous close.',
      jp: '日本株の1日の値動きは、前日終値に応じた一定の金額の範囲に制限されます。',
    },
    body: {
      cn: '东京证券交易所根据前一日收盘价设定每日涨跌幅，例如收盘价低于1,000日元时为±150日元，低于3,000日元时为±500日元。订单价格超出当日范围将被拒绝。',
      us: 'The Tokyo Stock Exchange sets each day’s band from the previous close: for example ±¥150 below ¥1,000 and ±¥500 below ¥3,000. An order priced outside the day’s band is rejected.',
      jp: '東京証券取引所は前日終値に応じて値幅制限を定めています。例えば1,000円未満は±150円、3,000円未満は±500円です。当日の範囲外の価格の注文は受け付けられません。',
    },
  },
  {
    hoursAgo: 9,
    codes: ['600519', '300750', '605999'],
    title: {
      cn: 'A股涨跌幅限制与T+1规则',
      us: 'China A-shares: daily limits and the T+1 rule',
      jp: '中国A株の値幅制限とT+1ルール',
    },
    summary: {
      cn: '主板±10%，创业板和科创板±20%，ST股票±5%；当日买入次日才能卖出。',
      us: 'Main boards ±10 %, ChiNext and STAR ±20 %, ST names ±5 %; shares bought today can be sold from the next day.',
      jp: 'メインボード±10％、創業板・科創板±20％、ST銘柄±5％。当日買った株は翌日から売却できます。',
    },
    body: {
      cn: '中国A股的每日涨跌幅以前一日收盘价为基准：主板为±10%，创业板（300开头）和科创板（688开头）为±20%，被实施风险警示的ST股票为±5%。此外，当日买入的股票须在下一个交易日才能卖出（日内交易计划除外）。',
      us: 'China’s A-share limits are measured from the previous close: ±10 % on the main boards, ±20 % on ChiNext (codes 300…) and STAR (688…), and ±5 % for risk-warning (ST) names. A position opened today can only be closed from the next trading day, except inside the day-trading program.',
      jp: '中国A株の値幅制限は前日終値が基準で、メインボードは±10％、創業板（300から始まるコード）と科創板（688）は±20％、リスク警告（ST）銘柄は±5％です。当日建てたポジションは翌営業日から決済できます（デイトレードプログラムを除く）。',
    },
  },
  {
    hoursAgo: 14,
    codes: ['AAPL', 'NVDA'],
    title: {
      cn: '美股交易时间与休市安排',
      us: 'US market hours and holidays',
      jp: '米国株の取引時間と休場日',
    },
    summary: {
      cn: '美股常规交易时间为纽约时间9:30至16:00，无每日涨跌停限制。',
      us: 'US regular trading runs 9:30–16:00 New York time, with no daily price limits.',
      jp: '米国株の通常取引はニューヨーク時間9:30〜16:00で、値幅制限はありません。',
    },
    body: {
      cn: '美国股市的常规交易时段为美国东部时间9:30至16:00，周末和交易所假日休市，部分节假日前一天提前至13:00收盘。与日本和中国不同，美股没有每日涨跌停限制。',
      us: 'The US regular session runs from 9:30 to 16:00 Eastern time, closed on weekends and exchange holidays, with early 13:00 closes before some holidays. Unlike Japan and China, US stocks have no daily price limits.',
      jp: '米国市場の通常取引は東部時間9:30〜16:00で、週末と取引所の休日は休場、一部の祝日前は13:00に早く終了します。日本や中国と異なり、米国株には値幅制限がありません。',
    },
  },
  {
    hoursAgo: 20,
    codes: ['8035', '6758', 'NVDA'],
    title: {
      cn: '股票拆分与复权K线：不复权、前复权、后复权',
      us: 'Stock splits and adjusted charts: none, forward and backward',
      jp: '株式分割と調整チャート：調整なし・前方調整・後方調整',
    },
    summary: {
      cn: '拆股和分红会使价格跳空，复权可以让历史走势连续可比。',
      us: 'Splits and dividends make prices jump; adjustment makes history comparable.',
      jp: '分割や配当で価格は不連続になります。調整するとチャートが比較しやすくなります。',
    },
    body: {
      cn: '当一只股票1拆2时，股价会减半。“不复权”显示真实成交价；“前复权”把历史价格按今天的股本基准缩放；“后复权”则把最新价格按上市首日的基准放大。在K线图的复权选项中可以切换这三种模式。',
      us: 'When a stock splits two-for-one its price halves. “None” shows the prices that actually traded; “forward” scales history to today’s share basis; “backward” scales recent prices up to the first day’s basis. Switch between them with the chart’s adjustment option.',
      jp: '1株を2株に分割すると株価は半分になります。「調整なし」は実際の約定価格、「前方調整」は過去の価格を現在の株数基準に、「後方調整」は直近の価格を初日の基準に換算します。チャートの調整オプションで切り替えられます。',
    },
  },
  {
    hoursAgo: 30,
    codes: [],
    title: {
      cn: '杠杆交易：保证金、手续费与强制平仓',
      us: 'Leveraged trading: margin, fees and stop-out',
      jp: 'レバレッジ取引：証拠金・手数料・ロスカット',
    },
    summary: {
      cn: '保证金 = 价格 × 数量 ÷ 杠杆；亏损达到保证金的一定比例时将被强制平仓。',
      us: 'Margin = price × quantity ÷ leverage; a position is stopped out when its loss reaches a set share of the margin.',
      jp: '証拠金＝価格×数量÷レバレッジ。損失が証拠金の一定割合に達するとロスカットされます。',
    },
    body: {
      cn: '下单时冻结的保证金等于价格乘以数量再除以杠杆倍数，另收取按成交金额计算的手续费（设有最低收费）。当持仓亏损达到保证金的设定比例（默认80%）时，系统会以市价平仓并发送消息通知。您的损失不会超过投入的保证金。',
      us: 'An order freezes margin equal to price × quantity ÷ leverage, plus a fee on the notional (with a minimum). When a position’s loss reaches the configured share of its margin (80 % by default) it is closed at market and you get a message. You never lose more than the margin you committed.',
      jp: '注文時には価格×数量÷レバレッジの証拠金が拘束され、約定金額に応じた手数料（最低額あり）がかかります。損失が証拠金の設定割合（既定80％）に達すると成行で決済され、メッセージでお知らせします。拠出した証拠金を超えて損失が生じることはありません。',
    },
  },
  {
    hoursAgo: 40,
    codes: [],
    title: {
      cn: '新股申购：公开、可复现的抽签',
      us: 'IPO subscriptions: an open, reproducible lottery',
      jp: '新規公開株の抽選：公開され再現できる抽選',
    },
    summary: {
      cn: '申购金额在申请时冻结；抽签使用记录在案的种子，任何人都能复算中签结果。',
      us: 'The subscription amount is frozen when you apply; the draw uses a recorded seed anyone can re-run.',
      jp: '申込金額は申込時に拘束され、抽選は記録されたシードで行われ誰でも再計算できます。',
    },
    body: {
      cn: '申购新股时，申购金额会立即冻结，因此您永远不会欠款。抽签日使用公开记录的种子和申购名单进行抽签，任何人都可以用相同的输入复算出相同的中签者。未中签的资金会立即解冻。',
      us: 'When you subscribe to a new share the amount is frozen at once, so you can never owe money. On the lottery date the draw runs on a recorded seed and the list of applications; re-running it with the same inputs gives the same winners. Funds of applications that did not win are released.',
      jp: '新規公開株に申し込むと申込金額はすぐに拘束されるため、不足金が生じることはありません。抽選日には記録されたシードと申込一覧で抽選が行われ、同じ入力で再計算すれば同じ当選者になります。落選分の資金は解放されます。',
    },
  },
  {
    hoursAgo: 55,
    codes: [],
    title: {
      cn: '货币兑换：十种货币任意互换',
      us: 'Currency exchange between ten currencies',
      jp: '10通貨の両替',
    },
    summary: {
      cn: '支持美元、日元、人民币、新台币、港币、泰铢、越南盾、林吉特、韩元和里亚尔之间互换。',
      us: 'Convert between USD, JPY, CNY, TWD, HKD, THB, VND, MYR, KRW and SAR.',
      jp: '米ドル、円、人民元、台湾ドル、香港ドル、バーツ、ドン、リンギット、ウォン、リヤルの間で両替できます。',
    },
    body: {
      cn: '每个市场使用其本币交易，您在每种货币下都有独立的钱包。兑换按当前中间汇率加上公布的点差成交，需要输入资金密码。演示环境中的汇率为模拟数据，会小幅波动。',
      us: 'Each market trades in its own currency and you hold a wallet per currency. An exchange runs at the current mid rate plus the published spread and needs your fund password. In the demo the rates are simulated and move slightly.',
      jp: '各市場はそれぞれの通貨で取引され、通貨ごとにウォレットがあります。両替は現在の仲値に公表スプレッドを加えたレートで行われ、資金パスワードが必要です。デモ環境の為替レートはシミュレーションで、わずかに変動します。',
    },
  },
  {
    hoursAgo: 72,
    codes: [],
    title: {
      cn: '出金规则一览',
      us: 'Withdrawal rules at a glance',
      jp: '出金ルールのまとめ',
    },
    summary: {
      cn: '出金仅因公布的原因被拒绝；信用分永远不会阻止出金。',
      us: 'Withdrawals are refused only for the published reasons; a credit score never blocks one.',
      jp: '出金が拒否されるのは公表された理由の場合だけです。信用スコアが出金を妨げることはありません。',
    },
    body: {
      cn: '出金需要完成实名认证、绑定银行卡并输入资金密码，在工作日9:00–15:30（东京时间）受理，最低金额为30,000日元。持仓未平、贷款未还、已有出金在审核中或余额不足时无法出金。任何情况下都不存在“客服密码”。',
      us: 'A withdrawal needs a verified name, a bank card and your fund password; it is accepted on business days 09:00–15:30 Tokyo time, from ¥30,000. It is refused while positions are open, a loan is unpaid, another withdrawal is under review or the balance is short. There is never a “password from customer service”.',
      jp: '出金には本人確認、銀行口座の登録、資金パスワードが必要で、営業日の9:00〜15:30（東京時間）に30,000円から受け付けます。保有ポジションがある、ローンが未返済、別の出金が審査中、残高不足の場合は出金できません。「カスタマーサービスのパスワード」は存在しません。',
    },
  },
];

export function sampleNews(now: Date): NewsInput[] {
  return SAMPLES.map((s) => ({
    title: { cn: LABEL.cn + s.title.cn, us: LABEL.us + s.title.us, jp: LABEL.jp + s.title.jp },
    summary: s.summary,
    body: { cn: s.body.cn + NOTE.cn, us: s.body.us + NOTE.us, jp: s.body.jp + NOTE.jp },
    source: SAMPLE_SOURCE,
    sourceNames: SAMPLE_SOURCE_LABELS,
    sample: true,
    codes: s.codes,
    publishedAt: new Date(now.getTime() - s.hoursAgo * 3_600_000),
  }));
}
