import { defineMessages } from '../../shared/i18n/define';

export const mineI18n = defineMessages('mine', {
  cn: {
    settings: {
      title: '设置',
      account: '账号',
      inviteCode: '我的邀请码',
      groups: {
        security: '账户与安全',
        funds: '资金',
        records: '交易记录',
        preferences: '偏好设置',
        about: '关于',
      },
      links: {
        newShareOrder: '新股申购记录',
        followOrder: '跟单记录',
        loanOrder: '借款记录',
        sessions: '登录设备',
      },
      priceColors: '涨跌颜色',
      colorAuto: '跟随语言',
      colorRedUp: '红涨绿跌',
      colorGreenUp: '绿涨红跌',
      theme: '外观',
      kyc: { unverified: '未认证', pending: '审核中', verified: '已认证', failed: '认证未通过' },
    },
    language: { title: '语言设置' },
    sessions: {
      title: '登录设备',
      hint: '以下设备当前已登录您的账户。修改登录密码后，其他设备会自动退出。',
      unknownDevice: '未知设备',
      current: '本机',
      lastSeen: '最近活动 {{time}}',
      signedIn: '登录于 {{time}}',
      end: '退出',
      endConfirm: '让这台设备退出登录？',
      ended: '已退出该设备',
      logoutAll: '退出所有设备',
      logoutAllConfirm: '所有设备（包括本机）都将退出登录，需要重新登录。',
      platform: { mobile: '手机', tablet: '平板', desktop: '电脑' },
    },
    password: {
      loginTitle: '修改登录密码',
      fundSetTitle: '设置资金密码',
      fundChangeTitle: '修改资金密码',
      fundHint: '资金密码用于确认入金、出金、兑换、借款、大宗交易和新股缴款，请勿与登录密码相同。',
      old: '原密码',
      oldFund: '原资金密码',
      oldPlaceholder: '请输入原密码',
      new: '新密码',
      newPlaceholder: '至少 6 个字符',
      repeat: '确认新密码',
      repeatPlaceholder: '请再次输入新密码',
      required: '此项为必填项',
      short: '密码至少需要 6 个字符',
      long: '密码不能超过 64 个字符',
      submit: '保存',
    },
    messages: {
      title: '站内消息',
      detailTitle: '消息详情',
      broadcast: '公告',
      unread: '未读',
    },
    about: {
      title: '关于我们',
      whatH: 'Kabuto 是什么',
      whatP:
        'Kabuto 是面向个人投资者的移动证券平台：行情、杠杆股票交易、新股申购、大宗交易、跟单交易、日内交易计划、信用借款、出入金、货币兑换、实名认证与账户服务，支持日本（默认）、美国和中国市场，提供简体中文、英文和日文。',
      honestH: '诚实的经纪商',
      honestP:
        '您看到的每一个数字只来自两个来源：市场行情和您自己的账本。每一笔资金变动都是平衡的复式记账，并出现在您的资金记录中。任何运营人员都不能为特定用户设定价格、成交、抽签结果或收益；每一项运营操作都会记入审计日志。',
      demoH: '演示环境',
      demoP:
        '默认安装运行在模拟市场上，价格由模拟器生成，并在显示价格的地方标注「模拟」。演示中的任何操作都不涉及真实资金。',
      supportH: '联系我们',
      supportP: '如有任何问题，请通过账户面板中的「在线客服」联系我们。',
    },
    privacy: {
      title: '隐私协议',
      collectH: '我们收集的信息',
      collectP:
        '账号；密码（只保存加盐哈希，不保存明文）；实名认证所需的姓名、证件号码和证件照片；出金所需的银行卡信息；交易与账本记录；以及用于安全防护和频率限制的技术日志（如 IP 地址）。',
      useH: '我们如何使用',
      useP: '用于运营您的账户、依法进行身份认证、处理入金和出金、防范欺诈与暴力破解。我们不会出售您的个人信息。',
      protectH: '存储与保护',
      protectP:
        '证件照片会经过内容校验并去除元数据后重新编码保存，不可被公开访问，仅授权审核人员可以查看；银行卡号保存后以掩码显示。',
      shareH: '信息共享',
      shareP: '仅在法律要求或为完成您发起的支付时共享必要的信息。',
      deviceH: '本设备上的数据',
      deviceP:
        '浏览器本地存储保存登录凭证、账号、最近搜索、语言、市场和显示设置。退出登录会删除登录凭证、账号和最近搜索。',
      rightsH: '您的权利',
      rightsP: '您可以查看自己的全部记录、更正个人信息或申请注销账户，请联系在线客服。',
    },
    protocol: {
      title: '用户协议',
      serviceH: '一、服务内容',
      serviceP:
        'Kabuto 提供行情查询、股票交易及相关资金服务。在演示环境中，市场为模拟市场，所有价格均标注「模拟」，不进行任何真实证券交易，也不涉及真实资金。',
      accountH: '二、账户',
      accountP:
        '每人限开一个账户。请妥善保管登录密码和资金密码；所有密码均由您本人设置，平台工作人员绝不会索取。通过您的账户进行的操作视为您本人的操作。',
      riskH: '三、交易与风险',
      riskP:
        '杠杆交易可能导致保证金损失。持仓亏损达到保证金的设定比例时将按市价强制平仓，超出保证金的亏损由平台承担。产品展示的收益均为历史数据，不构成任何保证。',
      moneyH: '四、资金',
      moneyP:
        '入金和出金需经审核。出金只会因公开的原因被拒绝：未完成实名认证、未绑定银行卡、仍有持仓、借款未还清、已有待审核的出金、余额不足或账户被冻结。每一笔资金变动都会出现在资金记录中。',
      dataH: '五、数据处理',
      dataP:
        '我们按照《隐私协议》处理您的个人信息：只收集提供服务所必需的信息，证件照片不可公开访问，不出售任何个人信息。',
      changesH: '六、协议变更与联系方式',
      changesP: '协议如有变更，将在应用内通知。如有疑问，请联系在线客服。',
    },
  },
  us: {
    settings: {
      title: 'Settings',
      account: 'Account',
      inviteCode: 'My invitation code',
      groups: {
        security: 'Account and security',
        funds: 'Funds',
        records: 'Trading records',
        preferences: 'Preferences',
        about: 'About',
      },
      links: {
        newShareOrder: 'Subscription records',
        followOrder: 'Copy-trading orders',
        loanOrder: 'Loan records',
        sessions: 'Signed-in devices',
      },
      priceColors: 'Price colours',
      colorAuto: 'Follow language',
      colorRedUp: 'Red up, green down',
      colorGreenUp: 'Green up, red down',
      theme: 'Appearance',
      kyc: {
        unverified: 'Not verified',
        pending: 'Under review',
        verified: 'Verified',
        failed: 'Not approved',
      },
    },
    language: { title: 'Language' },
    sessions: {
      title: 'Signed-in devices',
      hint: 'These devices are signed in to your account. Changing the login password signs out every other device.',
      unknownDevice: 'Unknown device',
      current: 'This device',
      lastSeen: 'Last active {{time}}',
      signedIn: 'Signed in {{time}}',
      end: 'Sign out',
      endConfirm: 'Sign this device out?',
      ended: 'The device was signed out',
      logoutAll: 'Log out of every device',
      logoutAllConfirm: 'Every device, this one included, will be signed out and must log in again.',
      platform: { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer' },
    },
    password: {
      loginTitle: 'Change login password',
      fundSetTitle: 'Set fund password',
      fundChangeTitle: 'Change fund password',
      fundHint:
        'The fund password confirms deposits, withdrawals, exchanges, loans, block trades and subscription payments. Choose one that differs from your login password.',
      old: 'Current password',
      oldFund: 'Current fund password',
      oldPlaceholder: 'Enter the current password',
      new: 'New password',
      newPlaceholder: 'At least 6 characters',
      repeat: 'Repeat new password',
      repeatPlaceholder: 'Enter the new password again',
      required: 'This field is required',
      short: 'The password needs at least 6 characters',
      long: 'The password can have at most 64 characters',
      submit: 'Save',
    },
    messages: {
      title: 'Messages',
      detailTitle: 'Message',
      broadcast: 'Announcement',
      unread: 'Unread',
    },
    about: {
      title: 'About Kabuto',
      whatH: 'What Kabuto is',
      whatP:
        'Kabuto is a mobile brokerage for retail investors: quotes, leveraged stock trading, IPO subscription, block trades, copy trading, a day-trading program, credit loans, deposits and withdrawals, currency exchange, identity verification and account care, over the Japanese (default), US and Chinese markets, in Simplified Chinese, English and Japanese.',
      honestH: 'An honest broker',
      honestP:
        'Every number you see comes from two sources only: market data and your own ledger. Every movement of money is a balanced double-entry transaction and appears in your fund records. Nobody operating Kabuto can set a price, a fill, a lottery result or a profit for a particular user, and every operator action is recorded in an audit log.',
      demoH: 'The demo',
      demoP:
        'Out of the box Kabuto runs on a simulated market: prices come from a simulator and are labelled "Simulated" wherever they show. Nothing you do in the demo moves real money.',
      supportH: 'Contact',
      supportP: 'For any question, reach us through "Customer service" in the account panel.',
    },
    privacy: {
      title: 'Privacy policy',
      collectH: 'What we collect',
      collectP:
        'Your account name; your passwords (stored only as salted hashes, never in clear text); the name, ID number and ID images needed for identity verification; bank card details for withdrawals; your trading and ledger records; and technical logs such as IP addresses for security and rate limiting.',
      useH: 'How we use it',
      useP: 'To run your account, verify your identity as the law requires, process deposits and withdrawals, and prevent fraud and password guessing. We never sell personal data.',
      protectH: 'Storage and protection',
      protectP:
        'ID images are checked by content, re-encoded without metadata and never publicly reachable; only authorised reviewers can open them. Card numbers are masked once saved.',
      shareH: 'Sharing',
      shareP: 'We share only what the law requires or what is needed to complete a payment you asked for.',
      deviceH: 'Data on this device',
      deviceP:
        "Your browser's local storage keeps your session token, account, recent searches, language, market and display settings. Logging out deletes the session token, the account and recent searches.",
      rightsH: 'Your rights',
      rightsP:
        'You can see all your records, correct your details or ask to close your account; contact customer service.',
    },
    protocol: {
      title: 'User agreement',
      serviceH: '1. The service',
      serviceP:
        'Kabuto provides quotes, stock trading and the related money services. In the demo the market is simulated: every price is labelled "Simulated", no real securities are traded and no real money is involved.',
      accountH: '2. Your account',
      accountP:
        'One account per person. Keep your login and fund passwords secret; every password is one you set yourself and our staff will never ask for it. Actions taken with your account count as yours.',
      riskH: '3. Trading and risk',
      riskP:
        'Leveraged trading can cost you your margin. A position whose loss reaches the configured share of its margin is closed at market; any loss beyond the margin is borne by the house. Returns shown for products are historical and guarantee nothing.',
      moneyH: '4. Money',
      moneyP:
        'Deposits and withdrawals are reviewed. A withdrawal is refused only for the published reasons: identity not verified, no bank card, open positions, an unpaid loan, a withdrawal already under review, insufficient balance or a frozen account. Every movement of money appears in your fund records.',
      dataH: '5. Data handling',
      dataP:
        'We handle your personal data as the privacy policy describes: we collect only what the service needs, ID images are never publicly reachable and we sell no personal data.',
      changesH: '6. Changes and contact',
      changesP: 'We announce changes to this agreement in the app. For questions, contact customer service.',
    },
  },
  jp: {
    settings: {
      title: '設定',
      account: 'アカウント',
      inviteCode: 'マイ招待コード',
      groups: {
        security: 'アカウントとセキュリティ',
        funds: '資金',
        records: '取引履歴',
        preferences: '表示設定',
        about: 'このアプリについて',
      },
      links: {
        newShareOrder: 'IPO申込履歴',
        followOrder: 'コピートレード履歴',
        loanOrder: '借入履歴',
        sessions: 'ログイン中の端末',
      },
      priceColors: '値動きの色',
      colorAuto: '言語に合わせる',
      colorRedUp: '上昇は赤・下落は緑',
      colorGreenUp: '上昇は緑・下落は赤',
      theme: '外観',
      kyc: { unverified: '未確認', pending: '審査中', verified: '確認済み', failed: '承認されませんでした' },
    },
    language: { title: '言語設定' },
    sessions: {
      title: 'ログイン中の端末',
      hint: '次の端末がお客様の口座にログインしています。ログインパスワードを変更すると、他の端末はすべてログアウトされます。',
      unknownDevice: '不明な端末',
      current: 'この端末',
      lastSeen: '最終利用 {{time}}',
      signedIn: 'ログイン {{time}}',
      end: 'ログアウト',
      endConfirm: 'この端末をログアウトさせますか？',
      ended: '端末をログアウトさせました',
      logoutAll: 'すべての端末からログアウト',
      logoutAllConfirm: 'この端末を含むすべての端末がログアウトされ、再度ログインが必要になります。',
      platform: { mobile: 'スマートフォン', tablet: 'タブレット', desktop: 'パソコン' },
    },
    password: {
      loginTitle: 'ログインパスワードの変更',
      fundSetTitle: '資金パスワードの設定',
      fundChangeTitle: '資金パスワードの変更',
      fundHint:
        '資金パスワードは入金・出金・両替・借入・ブロック取引・IPO払込の確認に使います。ログインパスワードとは別のものを設定してください。',
      old: '現在のパスワード',
      oldFund: '現在の資金パスワード',
      oldPlaceholder: '現在のパスワードを入力',
      new: '新しいパスワード',
      newPlaceholder: '6文字以上',
      repeat: '新しいパスワード（確認）',
      repeatPlaceholder: 'もう一度入力してください',
      required: '入力してください',
      short: 'パスワードは6文字以上にしてください',
      long: 'パスワードは64文字以内にしてください',
      submit: '保存する',
    },
    messages: {
      title: 'お知らせ',
      detailTitle: 'お知らせの詳細',
      broadcast: '全体のお知らせ',
      unread: '未読',
    },
    about: {
      title: 'Kabutoについて',
      whatH: 'Kabutoとは',
      whatP:
        'Kabutoは個人投資家のためのモバイル証券サービスです。株価情報、レバレッジ株式取引、新規公開株の申込、ブロック取引、コピートレード、デイトレードプログラム、信用借入、入出金、通貨両替、本人確認とアカウント管理を、日本（初期設定）・米国・中国の市場で、簡体字中国語・英語・日本語でご利用いただけます。',
      honestH: '誠実な証券会社として',
      honestP:
        '表示される数字はすべて、マーケットデータとお客様ご自身の台帳の二つだけから算出されます。資金の動きはすべて貸借の一致した複式記帳で、資金履歴に表示されます。運営者が特定のお客様の価格・約定・抽選結果・利益を設定することはできず、運営者の操作はすべて監査ログに記録されます。',
      demoH: 'デモ環境',
      demoP:
        '初期状態のKabutoはシミュレーション市場で動作します。価格はシミュレーターが生成したもので、価格が表示される箇所には「模擬」と表示されます。デモでの操作で実際のお金が動くことはありません。',
      supportH: 'お問い合わせ',
      supportP: 'ご質問はアカウントパネルの「カスタマーサポート」からお問い合わせください。',
    },
    privacy: {
      title: 'プライバシーポリシー',
      collectH: '取得する情報',
      collectP:
        'アカウント名、パスワード（ソルト付きハッシュのみを保存し、平文では保存しません）、本人確認に必要な氏名・身分証番号・身分証画像、出金に必要な口座情報、取引と台帳の記録、セキュリティと頻度制限のための技術ログ（IPアドレスなど）。',
      useH: '利用目的',
      useP: 'アカウントの運営、法令に基づく本人確認、入出金の処理、不正やパスワード推測の防止のために利用します。個人情報を販売することはありません。',
      protectH: '保管と保護',
      protectP:
        '身分証画像は内容を検査し、メタデータを除いて再エンコードして保管します。一般に公開されることはなく、権限のある審査担当者だけが閲覧できます。口座番号は保存後マスク表示されます。',
      shareH: '第三者への提供',
      shareP: '法令で求められる場合と、お客様が依頼した決済の処理に必要な場合に限り提供します。',
      deviceH: 'この端末に保存されるデータ',
      deviceP:
        'ブラウザのローカルストレージに、ログイン情報、アカウント、最近の検索、言語、市場、表示設定を保存します。ログアウトするとログイン情報、アカウント、最近の検索は削除されます。',
      rightsH: 'お客様の権利',
      rightsP:
        'ご自身のすべての記録の閲覧、登録情報の訂正、アカウントの解約を申し出ることができます。カスタマーサポートにご連絡ください。',
    },
    protocol: {
      title: '利用規約',
      serviceH: '第1条　サービス内容',
      serviceP:
        'Kabutoは株価情報、株式取引およびこれに関連する資金サービスを提供します。デモ環境の市場はシミュレーションであり、すべての価格に「模擬」と表示され、実際の有価証券の取引や実際の資金の移動は行われません。',
      accountH: '第2条　アカウント',
      accountP:
        'アカウントはお一人様一つです。ログインパスワードと資金パスワードは厳重に管理してください。パスワードはすべてお客様ご自身が設定したものであり、当社スタッフが尋ねることはありません。お客様のアカウントで行われた操作はお客様ご本人の操作とみなします。',
      riskH: '第3条　取引とリスク',
      riskP:
        'レバレッジ取引では証拠金を失う可能性があります。損失が証拠金の所定の割合に達したポジションは成行で決済され、証拠金を超える損失は当社が負担します。商品に表示される利回りは過去の実績であり、何ら保証するものではありません。',
      moneyH: '第4条　資金',
      moneyP:
        '入金と出金は審査を経て処理されます。出金をお断りするのは公表した理由の場合のみです：本人確認が未完了、出金口座が未登録、保有ポジションがある、借入が未返済、審査中の出金がある、残高不足、アカウントの凍結。資金の動きはすべて資金履歴に表示されます。',
      dataH: '第5条　データの取扱い',
      dataP:
        '個人情報はプライバシーポリシーに従って取り扱います。サービスに必要な情報のみを取得し、身分証画像が公開されることはなく、個人情報を販売することはありません。',
      changesH: '第6条　規約の変更とお問い合わせ',
      changesP:
        '本規約を変更する場合はアプリ内でお知らせします。ご不明な点はカスタマーサポートまでお問い合わせください。',
    },
  },
});
