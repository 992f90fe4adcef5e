import type { messages as cn } from './cn';

/** The welcome, login and registration screens in Japanese. */
export const messages: typeof cn = {
  logon: {
    welcome: '{{title}} へようこそ',
    tagline: '日本・米国・中国の株式をひとつの口座で取引',
    login: 'ログイン',
    register: '新規口座開設',
    language: '言語',
    demoNote: 'デモ環境：価格はシミュレーションで、実際のお金は動きません。',
  },
  login: {
    title: 'ログイン',
    account: 'アカウント',
    accountPlaceholder: 'アカウントを入力',
    accountRequired: 'アカウントを入力してください',
    password: 'パスワード',
    passwordPlaceholder: 'パスワードを入力',
    passwordRequired: 'パスワードを入力してください',
    submit: 'ログイン',
    noAccount: 'アカウントをお持ちでない方',
    toRegister: '新規登録',
    or: 'または',
    passkey: 'パスキーでログイン',
    passkeyFailed:
      'パスキーでのログインが完了しませんでした。もう一度試すか、パスワードでログインしてください',
    secondTitle: '2段階認証',
    secondHint: 'このアカウントは2段階認証がオンです。もう一度ご本人確認をお願いします。',
    back: 'パスワードでのログインに戻る',
  },
  register: {
    title: '新規登録',
    account: 'アカウント',
    accountPlaceholderPhone: '10桁の携帯電話番号',
    accountPlaceholder: '英数字6〜20文字',
    accountInvalidPhone: '10桁の携帯電話番号を入力してください',
    accountInvalid: 'アカウントは英数字6〜20文字で入力してください',
    password: 'パスワード',
    passwordPlaceholder: '6文字以上',
    passwordShort: 'パスワードは6文字以上にしてください',
    passwordLong: 'パスワードは64文字以内にしてください',
    repassword: 'パスワード（確認）',
    repasswordPlaceholder: 'もう一度入力してください',
    inviteCode: '招待コード',
    invitePlaceholderOptional: '任意',
    invitePlaceholderRequired: '招待コードを入力',
    agreePrefix: '内容を確認し、次に同意します：',
    agreement: '利用規約',
    submit: '登録する',
    haveAccount: 'すでにアカウントをお持ちの方',
    toLogin: 'ログイン',
  },
  risk: {
    title: 'リスクに関する説明',
    intro:
      '取引を始める前に、以下の内容をよくお読みください。内容を理解し、同意いただいた場合のみご利用いただけます。',
    leverageTitle: 'レバレッジ取引',
    leverage:
      'レバレッジは利益と損失の両方を拡大します。証拠金＝価格×数量÷レバレッジ倍率です。ポジションの損失が証拠金の所定の割合（初期設定80％）に達すると、成行で自動的に決済されます。証拠金を超える損失は当社が負担するため、お客様の損失が差し入れた証拠金を超えることはありません。',
    marketTitle: '価格変動リスク',
    market:
      '株価は常に変動し、短時間で大きく動くことがあります。コピートレード商品に表示される利回りは実際の約定に基づく過去の実績であり、将来の成果を示すものでも保証するものでもありません。',
    productsTitle: '新規公開株・ブロック取引・デイトレード',
    products:
      '新規公開株の申込資金は申込時に拘束され、再現可能な抽選で配分されます。当選しなかった分は解放されます。ブロック取引とデイトレードの申請は審査があり、審査が終わるまで資金は拘束されます。',
    demoTitle: 'シミュレーション市場',
    demo: 'このデモの価格はすべてシミュレーションによるもので、「模擬」と表示されます。シミュレーション上の損益は実際の市場の成果を示すものではありません。',
    securityTitle: 'アカウントの安全',
    security:
      'ログインパスワードと資金パスワードは他人に教えないでください。パスワードはすべてお客様ご自身が設定したものであり、当社スタッフがパスワードを尋ねることはありません。',
    agree: '上記のリスクを読み、理解しました',
    accept: '同意して続ける',
    decline: '同意せずログアウト',
    passkeyTitle: 'アカウントを守る',
  },
};
