import { describe, expect, it } from 'vitest';
import type { RiskCode } from '../../schemas/job';
import { analyseJob } from '../analyse';
import { makeJob } from '../job-fixture';
import { assessRisk } from './assess';

/** A fixed $1,000 job from a verified client, so only the post's words can raise a flag. */
const flagsOf = (title: string, description: string) => assessRisk(analyseJob(makeJob({ id: 'j1', title, description })));
const codes = (title: string, description: string) => flagsOf(title, description).map((f) => f.code);

/** [title, description, the words the quote must hold] */
type Case = [string, string, string];

const RAISES: Record<Exclude<RiskCode, 'scopeOverBudget' | 'pricePerItemLow' | 'clientRisk'>, Case[]> = {
  upfrontFee: [
    [
      'Data entry from home',
      'Easy typing work. You pay a $30 registration fee to start, refunded with your first pay.',
      'registration fee',
    ],
    ['Typing job', 'To receive tasks you must first buy our starter kit for $49.', 'buy our starter kit'],
    ['Trabajo desde casa', 'Para empezar debes pagar una cuota de inscripción de 20 dólares.', 'pagar una cuota de inscripción'],
    ['Trabalho online', 'Você precisa pagar a taxa de cadastro de R$50 antes de começar.', 'taxa de cadastro'],
    ['Saisie de données', 'Il faut payer des frais d’inscription de 25 € pour commencer.', 'frais d’inscription'],
    ['Datenerfassung', 'Vor dem Start fällt eine Anmeldegebühr von 30 € an.', 'Anmeldegebühr'],
    ['Работа на дому', 'Для начала работы нужно оплатить регистрационный взнос 500 рублей.', 'регистрационный взнос'],
    ['在家打字', '开始工作前需要先交押金200元。', '先交押金'],
    ['डेटा एंट्री', 'काम शुरू करने के लिए 500 रुपये रजिस्ट्रेशन फीस जमा करनी होगी।', 'रजिस्ट्रेशन फीस'],
    ['ডাটা এন্ট্রি', 'কাজ শুরু করতে ৫০০ টাকা রেজিস্ট্রেশন ফি জমা দিতে হবে।', 'রেজিস্ট্রেশন ফি'],
    ['إدخال بيانات', 'يجب دفع رسوم التسجيل قبل البدء في العمل.', 'رسوم التسجيل'],
    ['Kerja ketik', 'Sebelum mulai, kamu harus bayar biaya pendaftaran Rp100.000.', 'biaya pendaftaran'],
  ],
  paymentHandling: [
    [
      'Payment agent needed',
      'We need a payment agent in the US to receive payments from our customers into your own bank account.',
      'payment agent',
    ],
    ['Office assistant', 'We will send you a check for the equipment; deposit the check and buy gift cards for the vendor.', 'check'],
    ['Package handler', 'Receive packages at your home and forward them to our partner. Reshipping manager role.', 'packages at your home'],
    ['Agente de pagos', 'Buscamos un agente de pagos para recibir transferencias en tu cuenta bancaria.', 'agente de pagos'],
    ['Trabalho remoto', 'Você vai receber pagamentos na sua própria conta e repassar para nós.', 'receber pagamentos'],
    ['Travail à domicile', 'Vous allez recevoir des virements sur votre compte personnel.', 'recevoir des virements'],
    ['Удалённая работа', 'Нужно принимать платежи на свою карту и переводить их дальше.', 'принимать платежи'],
    ['收款代理', '需要收款代理，用你的银行账户接收货款。', '收款代理'],
    ['Agen pembayaran', 'Dicari agen pembayaran untuk menerima transfer ke rekening pribadi.', 'agen pembayaran'],
  ],
  unpaidWork: [
    [
      'Data engineer',
      'Before we talk, complete our take-home: build the whole ingestion pipeline with tests to get hired.',
      'to get hired',
    ],
    ['Writer', 'Please write a free sample article of 1,500 words on our topic.', 'free sample article'],
    ['Designer', 'This is an unpaid test: design our full landing page.', 'unpaid test'],
    ['Redactor', 'Se requiere una prueba no remunerada de 2.000 palabras.', 'prueba no remunerada'],
    ['Redator', 'Faça um teste não remunerado de três artigos.', 'teste não remunerado'],
    ['Rédacteur', 'Un test non rémunéré de 1 000 mots est demandé.', 'test non rémunéré'],
    ['Копирайтер', 'Сначала бесплатное тестовое задание: три статьи.', 'бесплатное тестовое задание'],
    ['翻译', '请先完成免费试译，约3000字。', '免费试译'],
  ],
  offPlatform: [
    ['Quick job', 'Interested? Contact me on WhatsApp for details.', 'Contact me on WhatsApp'],
    ['Website fix', 'Send your portfolio to jobs@acme-shop.com and we will call you.', 'jobs@acme-shop.com'],
    ['Logo', 'We pay outside Upwork to save on fees.', 'pay outside Upwork'],
    ['Diseño', 'Escríbeme por WhatsApp para más detalles.', 'Escríbeme por WhatsApp'],
    ['Design', 'Me chame no zap para combinar o valor.', 'Me chame no zap'],
    ['Сайт', 'Пишите в телеграм, обсудим детали.', 'Пишите в телеграм'],
    ['网站', '有意者请加我微信详谈。', '加我微信'],
    ['Desain', 'Hubungi saya via WA untuk detail.', 'Hubungi saya via WA'],
  ],
  fakeEngagement: [
    ['App marketing', 'We need 500 five-star app reviews on Google Play within a week.', '500 five-star app reviews'],
    ['Instagram growth', 'Buy 10k Instagram followers for our new account.', 'Buy 10k Instagram followers'],
    ['Votes', 'Vote for our entry in the startup contest from different accounts.', 'from different accounts'],
    ['Marketing', 'Necesitamos reseñas falsas para Amazon.', 'reseñas falsas'],
    ['Marketing', 'Precisamos comprar seguidores para o perfil.', 'comprar seguidores'],
    ['SMM', 'Нужна накрутка подписчиков в инстаграм.', 'накрутка'],
    ['淘宝', '需要刷好评，每单返现。', '刷好评'],
    ['Marketing', 'Butuh review palsu untuk toko Shopee kami.', 'review palsu'],
  ],
  bulkAccounts: [
    ['Accounts', 'Create 50 phone-verified Gmail accounts for our outreach.', 'phone-verified Gmail accounts'],
    ['Social media', 'Need 200 aged Facebook accounts delivered with cookies.', 'aged Facebook accounts'],
    ['Cuentas', 'Crear 100 cuentas de Instagram verificadas.', '100 cuentas de Instagram'],
    ['Contas', 'Preciso criar 50 contas de gmail para campanhas.', '50 contas de gmail'],
    ['Аккаунты', 'Нужна регистрация 100 аккаунтов gmail с подтверждением по телефону.', 'аккаунтов'],
    ['账号', '批量注册微信账号，需要手机验证。', '批量注册'],
    ['Akun', 'Buat 100 akun gmail untuk kampanye kami.', '100 akun gmail'],
  ],
  piracy: [
    ['Theme', "Copy our competitor's premium theme and remove the licence check so it runs on our site.", 'remove the licence check'],
    ['Plugin', 'Install a nulled version of Elementor Pro on our site.', 'nulled'],
    ['Software', 'Crack the software activation so we can use it on 20 PCs.', 'Crack the software'],
    ['Plantilla', 'Quitar la verificación de licencia del plugin premium.', 'verificación de licencia'],
    ['Plugin', 'Remover a licença do plugin para usar em vários sites.', 'Remover a licença'],
    ['Плагин', 'Нужно обойти проверку лицензии в плагине.', 'обойти проверку лицензии'],
    ['软件', '需要破解这个软件的激活验证。', '破解'],
    ['Lizenz', 'Die Lizenzprüfung des Plugins entfernen.', 'Lizenzprüfung'],
  ],
  surveillance: [
    ['Android app', "Build a hidden app to read my wife's WhatsApp messages.", 'hidden app'],
    ['Tracker', 'Track my girlfriend location without her knowing.', 'without her knowing'],
    ['App', 'Necesito una app espía para leer los mensajes de mi esposa.', 'app espía'],
    ['App', 'Quero ler as mensagens da minha esposa sem ela saber.', 'mensagens da minha esposa'],
    ['Приложение', 'Нужно скрытое приложение, чтобы читать переписку жены.', 'переписку'],
    ['软件', '想要查看老婆的微信聊天记录。', '老婆的微信'],
    ['Aplikasi', 'Buat aplikasi sadap untuk baca chat istri saya.', 'aplikasi sadap'],
  ],
  checkEvasion: [
    ['Video editor', 'Edit full movies for our channel so they pass Content ID.', 'pass Content ID'],
    ['Writer', 'Rewrite these essays to bypass Turnitin and AI detectors.', 'bypass Turnitin'],
    ['Editor', 'Re-upload clips from TV shows to avoid copyright claims.', 'Re-upload'],
    ['Redactor', 'Reescribir textos para evadir el detector de IA.', 'evadir el detector de IA'],
    ['Текст', 'Нужно обойти антиплагиат в дипломе.', 'обойти антиплагиат'],
    ['论文', '论文降重，降低查重率到10%以下。', '论文降重'],
    ['Penulis', 'Parafrase supaya lolos Turnitin.', 'lolos Turnitin'],
  ],
  falsifiedRecords: [
    ['Bookkeeping', 'Adjust our books so the bank approves the loan next month.', 'Adjust our books'],
    ['Documents', 'Need fake bank statements and pay stubs for an apartment application.', 'fake bank statements'],
    ['Invoices', 'Fabricate invoices for the last quarter for our investor.', 'Fabricate invoices'],
    ['Contabilidad', 'Necesito facturas falsas para la declaración.', 'facturas falsas'],
    ['Documentos', 'Preciso de notas frias para justificar despesas.', 'notas frias'],
    ['Документы', 'Нужна поддельная справка о доходах для визы.', 'поддельная справка'],
    ['流水', '帮忙做假银行流水用于签证。', '银行流水'],
  ],
  academicCheating: [
    ['Exam help', 'Take my online exam for Statistics 101 next Tuesday.', 'Take my online exam'],
    ['Essay', 'Write my graded assignment for my university course, I will submit it on Friday.', 'Write my graded assignment'],
    ['Tarea', 'Necesito que alguien haga mi examen de cálculo.', 'haga mi examen'],
    ['TCC', 'Preciso de alguém para fazer meu TCC de administração.', 'meu TCC'],
    ['Курсовая', 'Написать курсовую работу по экономике.', 'Написать курсовую'],
    ['论文', '论文代写，本科毕业论文。', '论文代写'],
    ['Tugas', 'Joki skripsi jurusan manajemen.', 'Joki skripsi'],
    ['Prüfung', 'Wer kann meine Bachelorarbeit schreiben?', 'Bachelorarbeit'],
  ],
  forbiddenByTerms: [
    ['IDs', 'Design fake IDs and driver licenses that scan.', 'fake IDs'],
    ['Crypto', 'Run a pump and dump group for our new token.', 'pump and dump'],
    ['Accounts', 'Buy verified Upwork accounts from freelancers.', 'Upwork accounts'],
    ['Instagram', "Hack into someone's Instagram account for me.", 'Hack into'],
    ['Documentos', 'Necesito pasaportes falsos escaneables.', 'pasaportes falsos'],
    ['Документы', 'Поддельный паспорт для верификации.', 'Поддельный паспорт'],
    ['Slot', 'Promosi judi online di Instagram.', 'judi online'],
  ],
};

describe('phrase families', () => {
  for (const [code, cases] of Object.entries(RAISES)) {
    describe(code, () => {
      it.each(cases)('%s: raises with the post’s words', (title, description, words) => {
        const flag = flagsOf(title, description).find((f) => f.code === code);
        expect(flag, `${code} on “${description}”`).toBeDefined();
        expect(flag!.quote!.toLowerCase()).toContain(words.toLowerCase());
        expect(`${title}\n${description}`.replace(/\s+/g, ' ')).toContain(flag!.quote!.replace(/…$/, ''));
      });
    });
  }
});

/** Legitimate posts that merely mention what a flag is about. */
const TRAPS: Array<[string, string]> = [
  [
    'Review widget for Shopify',
    'Add a reviews widget showing our 200 Google reviews on product pages, with star ratings and a review carousel.',
  ],
  ['Collect reviews', 'Set up an email flow asking real customers for 5-star reviews after delivery.'],
  ['Telegram bot development', 'Build a Telegram bot in Python that posts our daily deals to a channel and answers FAQ.'],
  ['WhatsApp Business API integration', 'Integrate the WhatsApp Business API with our CRM so customers get order updates.'],
  ['Copywriter', 'Short paid test task (1 hour, paid at your rate) before a long-term contract.'],
  ['Data engineer', 'Complete a small take-home to get hired; the test task is paid at $50.'],
  ['Penetration tester', 'Security testing of our own web app: OWASP top 10, auth bypass attempts, report with fixes.'],
  ['Translator', 'Translate a bank statement and pay stubs from Spanish into English for a visa application (certified).'],
  ['Shopify theme customisation', 'Customise our Shopify theme: new sections, sticky add to cart, faster product pages.'],
  ['Stripe checkout', 'Add a 14-day free trial to our SaaS signup flow with Stripe.'],
  ['Mobile banking app', 'Build the mobile check deposit feature of our banking app (camera capture, OCR).'],
  ['IT admin', 'Set up 20 Google Workspace email accounts for our staff and configure 2FA.'],
  [
    'Remove nulled plugin',
    'Our site was built with a nulled theme that got hacked; replace it with a licensed copy and clean the malware.',
  ],
  ['YouTube editor', 'Edit our podcast episodes for YouTube; use only royalty-free music to avoid copyright claims.'],
  ['Thesis proofreading', 'Proofread my thesis for grammar and formatting before submission.'],
  ['Bookkeeper', 'Create invoices in QuickBooks and reconcile the bank statements every month.'],
  ['Fleet tracking', 'GPS tracking dashboard for our delivery vans, drivers consent in the app.'],
  ['Content moderation', 'Build an NSFW image filter that detects and blocks adult content in uploads.'],
  ['Clear specs', 'We need explicit instructions and explicit error messages in the onboarding flow.'],
  ['Age gate', 'Add an 18+ age confirmation to our wine shop checkout.'],
  ['Social media manager', 'Grow our Instagram followers organically with daily posts and stories.'],
  ['Account creation flow', 'Build the account creation and verification flow for our app (email + phone).'],
  ['Package forwarding website', 'Design a website for our package forwarding company with a shipping calculator.'],
  ['Payment gateway', 'Integrate a payment processor (Stripe) and handle refunds in our Node.js app.'],
  ['No scams here', 'We never ask for a registration fee. Do not contact me on WhatsApp; all messages stay on Upwork.'],
  ['Gift card design', 'Design printable gift cards for our bakery in three sizes.'],
  ['Exam platform', 'Build an online exam platform where teachers create tests and students take them.'],
  ['Plagiarism checker', 'Articles must pass Copyscape and be original, 1,500 words each.'],
  ['Upwork profile help', 'Improve my Upwork profile and proposals; I will send them myself.'],
  ['Tutor', 'Tutor for my online class in statistics: explain the topics each week.'],
  ['Traductor', 'Traducir un extracto bancario al inglés para el consulado.'],
  ['Проверка безопасности', 'Тестирование безопасности нашего собственного приложения.'],
  ['Photo retouching', 'Retouch 40 product photos so they look natural, with soft shadows.'],
  ['Payments migration', 'Move our checkout to Stripe for lower fees and add Apple Pay.'],
  ['Zero-downtime migration', 'Migrate the database; users should not notice any downtime.'],
  ['Dashboard redesign', 'Redesign the sales dashboard so it shows more revenue details per region.'],
  ['Certificate template', 'Design certificates of completion for our academy with our seal and signature.'],
  ['Legal video editor', 'Edit the deposition video for our court case: sync transcript and add captions.'],
  ['App publishing', 'Finish the iOS app; I will submit it under my name on the App Store.'],
  ['Password manager', 'Set up 1Password and share the logins with our team securely.'],
  ['App store assets', 'Create realistic app screenshots for our App Store listing.'],
  ['Review sync', 'Write a script that pulls our reviews on Google into Slack every morning.'],
  ['Social media manager', 'Manage 12 accounts on LinkedIn and Instagram for our sales reps, Instagram @glowskin included.'],
  ['Research assistant', 'Skimming through 200 PDFs and summarising each in two lines.'],
  ['We pay by PayPal', 'Payment through PayPal after each milestone is approved.'],
  ['Survey incentives', 'Recruit 30 participants and thank them in Amazon gift cards after the interview.'],
  ['SaaS landing page', 'Design a free trial landing page and a free trial video for our SaaS.'],
  ['Fonts', 'You will need to buy the font licence ($30); we will reimburse it with the first milestone.'],
];

describe('traps: legitimate posts that mention the subject', () => {
  it.each(TRAPS)('%s raises nothing', (title, description) => {
    expect(codes(title, description)).toEqual([]);
  });
});

/** Scam phrasings that do not use a family's stock words. */
const MORE: Array<[string, string, string]> = [
  ['unpaidWork', 'Every designer must submit 5 logo concepts. Only the winning designer will be paid.', 'winning designer will be paid'],
  ['offPlatform', 'Send your portfolio to Telegram @ux_hiring_lead, the contract will be there.', 'Telegram @ux_hiring_lead'],
  ['paymentHandling', "We will mail you a cashier's cheque; keep $300 and send the rest as Apple gift cards.", "cashier's cheque"],
  ['paymentHandling', 'Receive investor wire transfers into your account and forward them to our wallet.', 'into your account'],
  ['upfrontFee', 'New talents must purchase our $59 starter kit before the first script.', 'must purchase our $59 starter kit'],
  ['academicCheating', 'Graduate course assignment: DCF of Tesla. Will be submitted under my name.', 'submitted under my name'],
  [
    'academicCheating',
    'Bitirme projem için 2D kısa film. Hocaların istediği ara dosyalar da benim yapmışım gibi görünmeli.',
    'benim yapmışım gibi',
  ],
  ['forbiddenByTerms', 'Short 2D loops for our adults-only subscription page, fully explicit.', 'adults-only'],
  ['forbiddenByTerms', 'We need explicit animated loops of our two characters, 8 a month.', 'explicit animated loops'],
  ['falsifiedRecords', 'Keep one set of books for the tax office; a second set of books with the real cash sales.', 'second set of books'],
  ['falsifiedRecords', 'Edit the call recording so it sounds like he agreed to pay.', 'so it sounds like he agreed'],
  ['fakeEngagement', 'Write 150 reviews for our software on G2 and Trustpilot.', 'reviews for our software on G2'],
  ['fakeEngagement', 'Get the channel to 10,000 subscribers using your panel or bots.', 'panel or bots'],
  ['forbiddenByTerms', 'Make a deepfake video of a celebrity promoting our token.', 'deepfake'],
  ['forbiddenByTerms', 'Get our casino offer approved on Google Ads using cloaking.', 'cloaking'],
  ['surveillance', 'Show their WhatsApp messages on a dashboard; they must not know.', 'they must not know'],
  ['piracy', 'Set up Tableau for 10 users without paying for licences.', 'without paying for licences'],
  ['checkEvasion', 'Rewrite the report so Turnitin does not detect the source.', 'Turnitin does not detect'],
  ['unpaidWork', 'Step 1 is a free trial article of 2,000 words, which we may publish.', 'free trial article'],
  ['unpaidWork', 'Narrators audition by recording the first three chapters. Auditions are not paid.', 'Auditions are not paid'],
  [
    'falsifiedRecords',
    'Recreate university diploma and transcript templates (US and UK universities) with the correct seals.',
    'Recreate university diploma',
  ],
  ['piracy', 'Install our CAD suite on three PCs with the license emulator from the patched files.', 'license emulator'],
  ['piracy', 'A movie site like 123movies with links from file hosts; the server is DMCA-ignored.', '123movies'],
  ['piracy', 'A study assistant over 4,000 ebooks downloaded from LibGen and Z-Library, with a paywall.', 'downloaded from LibGen'],
  ['falsifiedRecords', 'The mill changed, so have the material certs re-issued under the approved mill’s letterhead.', 're-issued'],
  [
    'falsifiedRecords',
    'Fill in the CMM reports from nominal values with some variation so they look like real measurements.',
    'so they look like real measurements',
  ],
  ['falsifiedRecords', 'Most visits should be coded 99215 regardless of note content.', 'regardless of note content'],
  ['falsifiedRecords', 'Bill the X-rays on separate dates so they do not trip the NCCI bundling edits.', 'separate dates'],
];

describe('more phrasings', () => {
  it.each(MORE)('%s: %s', (code, description, words) => {
    const flag = flagsOf('Remote work', description).find((f) => f.code === code);
    expect(flag, `${code} on “${description}”`).toBeDefined();
    expect(flag!.quote!.toLowerCase()).toContain(words.toLowerCase());
  });
});

/**
 * Phrasings met on trades the families were not written for (games, QA, contracts, 3D, Shopify,
 * data): the same meaning in other words, each family in more than one language where it is said so.
 */
const UNTUNED: Array<[string, string, string]> = [
  ['upfrontFee', 'Earn from home testing apps. A small $39 activation fee gives you access to our platform.', '$39 activation fee'],
  ['upfrontFee', 'To receive your ready-made store and the training you pay $199 setup, then you earn commissions.', 'you pay $199 setup'],
  ['upfrontFee', 'An upfront payment of $50 is required before you get your first task.', 'upfront payment of $50 is required'],
  ['upfrontFee', 'Hay que abonar 25 dólares de inscripción antes de recibir tareas.', 'abonar 25 dólares de inscripción'],
  ['paymentHandling', 'Open a Stripe account in your name for our store and send the payouts on to us.', 'Stripe account in your name'],
  ['paymentHandling', 'Payouts arrive in your bank and you transfer them to our team each Friday.', 'Payouts arrive in your bank'],
  ['paymentHandling', 'Sie eröffnen ein PayPal-Konto auf Ihren Namen und leiten die Zahlungen an uns weiter.', 'auf Ihren Namen'],
  ['paymentHandling', 'Necesitamos abrir una cuenta de PayPal a tu nombre para recibir los cobros.', 'cuenta de PayPal a tu nombre'],
  ['fakeEngagement', 'Import 300 reviews with made-up names and photos so the shop looks established.', 'made-up names'],
  ['fakeEngagement', 'Leave ratings on the app from your own devices so the app seems popular at launch.', 'so the app seems popular'],
  ['fakeEngagement', 'Write a volume bot that trades our token between our own wallets so it trends on DexScreener.', 'volume bot'],
  ['fakeEngagement', 'Tokenimiz için cüzdanlar arasında alım satım yapan bir hacim botu lazım.', 'hacim botu'],
  ['checkEvasion', 'Change the characters slightly so Etsy does not detect the copyright.', 'so Etsy does not detect'],
  ['checkEvasion', 'Copy the look of the store exactly; the payment processor must not detect it.', 'payment processor must not detect'],
  ['checkEvasion', 'Hide the real features during App Store review and switch them on remotely after approval.', 'during App Store review'],
  ['checkEvasion', 'Cambia un poco los diseños para que Amazon no lo detecte.', 'para que Amazon no lo detecte'],
  ['checkEvasion', 'Die Motive leicht verändern, damit Etsy es nicht erkennt.', 'damit Etsy es nicht erkennt'],
  ['forbiddenByTerms', 'Rotate sending domains to get past Gmail spam filters for our bought list.', 'get past Gmail spam filters'],
  ['forbiddenByTerms', 'Build the store for our replica sneakers with the brand logos.', 'replica sneakers'],
  ['forbiddenByTerms', 'Renders of flats that do not exist yet, to be posted as real photos on rental sites.', 'posted as real photos'],
  [
    'falsifiedRecords',
    'Prepare salary slips and six months of bank statements for my visa. They must look real, the embassy checks.',
    'must look real',
  ],
  ['falsifiedRecords', 'Adjust our revenue tables so the bank sees higher monthly revenue for the loan.', 'so the bank sees'],
  ['falsifiedRecords', 'Necesito extractos bancarios que parezcan reales para el alquiler.', 'parezcan reales'],
  [
    'academicCheating',
    'Contract law essay, 2,500 words with OSCOLA references. It must pass Turnitin; I submit it myself.',
    'pass Turnitin',
  ],
  ['academicCheating', 'Module coursework on design patterns, graded. I hand it in myself on Friday.', 'hand it in myself'],
  ['surveillance', 'Merge leaked databases with social media scrapes to find home addresses of specific people.', 'leaked databases'],
  [
    'surveillance',
    'A tool that shows the daily locations of named individuals from their public posts.',
    'daily locations of named individuals',
  ],
  ['offPlatform', 'I will explain everything on Telegram; Upwork is only for the first contact.', 'explain everything on Telegram'],
  ['offPlatform', 'Payment in USDT to avoid fees, weekly.', 'USDT to avoid fees'],
  ['forbiddenByTerms', 'Crypto recovery expert needed to trace and get back my stolen bitcoin from a fake exchange.', 'Crypto recovery'],
  ['forbiddenByTerms', 'Import our purchased email list of 40k contacts into Mailchimp and send the campaign.', 'purchased email list'],
  ['forbiddenByTerms', 'Looking for people who know a refund method for big online stores.', 'refund method'],
  ['forbiddenByTerms', 'Pass KYC for us on a few exchange accounts with your own ID.', 'Pass KYC for us'],
  ['forbiddenByTerms', 'Necesito recuperar mis bitcoin robados de una plataforma falsa.', 'recuperar mis bitcoin robados'],
  ['paymentHandling', 'Нужно открыть счёт в банке на ваше имя и переводить поступления нам.', 'на ваше имя'],
  ['paymentHandling', 'Buka rekening baru atas nama anda untuk menerima dana pelanggan kami.', 'atas nama anda'],
  ['paymentHandling', 'افتح حساب بنكي باسمك لاستلام مدفوعات العملاء.', 'باسمك'],
  ['paymentHandling', '需要用你的名字开一个银行账户来收客户的款。', '用你的名字开'],
  ['checkEvasion', 'Измените рисунки немного, чтобы Etsy не обнаружил нарушение.', 'чтобы etsy не обнаружил'],
  ['checkEvasion', 'Ubah sedikit desainnya agar tidak terdeteksi oleh Etsy.', 'agar tidak terdeteksi'],
  ['checkEvasion', 'عدّل التصاميم قليلاً حتى لا يكتشف أمازون ذلك.', 'حتى لا يكتشف'],
  ['checkEvasion', '把设计稍微改一下，以免被平台检测出来。', '以免被平台检测'],
  ['falsifiedRecords', 'Подготовьте выписку по счёту за полгода, она должна выглядеть как настоящая.', 'выглядеть как настоящ'],
  ['falsifiedRecords', 'Buatkan slip gaji 6 bulan yang terlihat asli untuk pengajuan visa.', 'terlihat asli'],
  ['falsifiedRecords', 'أحتاج كشف حساب بنكي لستة أشهر تبدو حقيقية للسفارة.', 'تبدو حقيقي'],
  ['falsifiedRecords', 'मुझे 6 महीने का बैंक स्टेटमेंट चाहिए जो असली लगे।', 'असली लगे'],
  ['falsifiedRecords', '需要六个月的银行流水，要看起来是真的。', '看起来是真的'],
  [
    'falsifiedRecords',
    'Um app que gera holerites e extratos bancários em PDF idênticos aos dos bancos, para comprovar renda no financiamento.',
    'idênticos aos dos bancos',
  ],
  ['falsifiedRecords', 'Una app que genera nóminas y extractos bancarios idénticos a los del banco.', 'idénticos a los del banco'],
  ['falsifiedRecords', 'Des fiches de paie en PDF identiques aux vraies, pour le dossier de location.', 'identiques aux vraies'],
  ['falsifiedRecords', 'Payslips and bank statements in PDF, identical to the bank’s, for a mortgage file.', 'identical to the bank'],
  ['falsifiedRecords', 'Den Plan bitte mit Datum 2019, dazu den Stempel und die Unterschrift vom damaligen Planungsbüro.', 'vom damaligen'],
  [
    'forbiddenByTerms',
    'Blackwork chest piece: an eagle, SS double lightning runes on each side and the numbers 14 and 88 worked in.',
    'runes',
  ],
  ['forbiddenByTerms', 'Tattoo design with a swastika across the back, old war style.', 'swastika'],
  ['forbiddenByTerms', 'Entwurf für ein Tattoo mit Hakenkreuz und SS-Runen, Stil alte Kriegszeit.', 'Hakenkreuz'],
  ['forbiddenByTerms', 'Diseño de tatuaje con una esvástica grande en el pecho.', 'esvástica'],
  ['forbiddenByTerms', 'Un dessin de tatouage avec une croix gammée sur l’épaule.', 'croix gammée'],
  [
    'unpaidWork',
    'Instead of interviews, candidates build our order matching engine with full tests. No payment for submissions that don’t pass.',
    'no payment for submissions',
  ],
  [
    'unpaidWork',
    'We are hiring a Rust engineer. Instead of an interview, applicants build the whole order book; we run it in production and pay the winner.',
    'instead of an interview',
  ],
  // Records made to look complete, on time or older than they are (corpus round 11's writers' phrasings, in fresh words).
  [
    'falsifiedRecords',
    'For the alerts closed without review, write the notes and enter them with dates inside the SLA so the file looks handled on time.',
    'so the file looks handled on time',
  ],
  ['falsifiedRecords', 'Put the opinion on our template and date it 28 February so it sits before the board meeting.', 'so it sits before'],
  [
    'falsifiedRecords',
    'Completa las temperaturas de marzo para que el registro parezca completo ante el inspector.',
    'para que el registro parezca completo',
  ],
  [
    'falsifiedRecords',
    'Preencha as leituras que faltam para que o registro pareça completo na auditoria.',
    'para que o registro pareça completo',
  ],
  [
    'falsifiedRecords',
    'Ajoutez les contrôles manquants pour que le registre ait l’air complet à l’inspection.',
    'pour que le registre ait l’air complet',
  ],
  [
    'falsifiedRecords',
    'Fehlende Monate bitte mit Schätzwerten füllen, damit die Historie lückenlos aussieht.',
    'damit die historie lückenlos aussieht',
  ],
  [
    'falsifiedRecords',
    'Aggiungi le firme mancanti così che il registro sembri completo per l’ispettore.',
    'così che il registro sembri completo',
  ],
  ['falsifiedRecords', 'Uzupełnij trasy, żeby ewidencja wyglądała na kompletną dla urzędu.', 'żeby ewidencja wyglądała na kompletn'],
  ['falsifiedRecords', 'Допишите недостающие записи, чтобы журнал выглядел полным для проверки.', 'чтобы журнал выглядел полным'],
  ['falsifiedRecords', '把缺的检查补上，让记录看起来完整。', '让记录看起来完整'],
  ['falsifiedRecords', 'Isi tanggal inspeksi yang kosong supaya catatan terlihat lengkap saat audit.', 'supaya catatan terlihat lengkap'],
  ['falsifiedRecords', 'أضف القراءات الناقصة حتى تبدو السجلات كاملة للمفتش.', 'حتى تبدو السجلات كاملة'],
  ['falsifiedRecords', 'छूटी हुई एंट्री भर दो ताकि रिकॉर्ड पूरा दिखे।', 'ताकि रिकॉर्ड पूरा दिखे'],
  ['falsifiedRecords', 'Eksik tarihleri doldurun, kayıtlar eksiksiz görünsün.', 'kayıtlar eksiksiz görünsün'],
];

describe('phrasings of trades the families were not written for', () => {
  it.each(UNTUNED)('%s: %s', (code, description, words) => {
    const flag = flagsOf('Remote work', description).find((f) => f.code === code);
    expect(flag, `${code} on “${description}”`).toBeDefined();
    expect(flag!.quote!.toLowerCase()).toContain(words.toLowerCase());
  });

  it.each([
    ['Privacy policy', 'Draft a privacy policy so our app passes App Store review on the first try.'],
    ['Loan pack', 'Prepare a business plan and cash-flow forecast for our bank loan application.'],
    ['Photo retouching', 'Retouch the product photos so the seams are invisible and the bottles look real.'],
    ['Props', 'Model replica props of 1920s radios for a museum exhibition.'],
    ['Setup', 'We pay $199 for the setup of your account on our side; you invoice the rest hourly.'],
    ['Merchant account', 'Integrate Stripe Connect so each seller opens a Stripe account in their own name and gets paid directly.'],
    ['Reviews app', 'Install Judge.me and ask real buyers for photo reviews so the shop looks trustworthy.'],
    ['Перевод', 'Перевести выписку по счёту на английский для посольства.'],
    ['Wallet app', 'Build the seed phrase recovery flow for our crypto wallet app.'],
    ['Email marketer', 'Clean our own opted-in email list and set up a double opt-in form.'],
    ['KYC flow', 'Integrate Sumsub KYC into our onboarding so users verify their ID.'],
    ['Keamanan', 'Pasang firewall agar server tidak terdeteksi oleh bot pemindai port.'],
    ['Hardware keys', 'Our licence server is down; set up the vendor’s official license server on the new VM.'],
    ['DMCA', 'Write DMCA takedown notices for sites that copied our course videos.'],
    ['Letterhead', 'Design our new letterhead and re-issue our own invoice template with it.'],
    ['Test data', 'Generate synthetic customer records that look like real data for our staging database.'],
    ['Coding audit', 'Audit our E/M levels against the documentation and flag visits coded above what the note supports.'],
    ['Holerites', 'Módulo de folha de pagamento no Bubble: gera os holerites dos nossos funcionários com o nosso logotipo, em PDF.'],
    ['Cover-up', 'Cover-up concept for an old swastika tattoo on my forearm from when I was young; something dark and floral.'],
    ['Yantra', 'A Hindu yantra design with a small swastika at the centre, fine line, for my upper back.'],
    ['Documentary', 'Color grade a history documentary about the Third Reich; some archive shots show swastika flags.'],
    ['Überdecken', 'Ein altes Hakenkreuz-Tattoo überdecken: wir brauchen einen dunklen Entwurf mit Rosen.'],
    ['Page range', 'Format pages 14-88 of the manual and the 14 appendix tables, 88 figures in all.'],
    ['Pages', 'Fix the typos on pages 14 and 88 of the PDF.'],
    ['Packshots', 'White-background packshots of our white power bank and the white power adapter.'],
    ['Acceptance', 'Fixed price; the milestone is released once your pull request passes our CI and code review.'],
    ['Hiring', 'Instead of interviews, candidates do a paid two-hour trial task at their usual rate.'],
    ['Bank app', 'Redesign the statements screen of our banking app; the PDF export must stay identical to the printed statement.'],
    ['Planänderung', 'Bitte den Plan vom damaligen Planungsbüro digitalisieren; den neuen Stand zeichnen wir selbst, mit unserem Stempel.'],
    ['Rhino tutor', 'Four Zoom lessons on booleans and sweeps for my jewelry CAD course. I will do my coursework on my own.'],
    ['Arabic tutor', 'Explain the verb forms to me. I do my own homework, but I get stuck on the weak verbs.'],
    [
      'NER annotation',
      'Label entities in our commercial lease contracts in Prodigy. Upwork ID verification is required before the contract starts.',
    ],
    [
      'Late entries',
      'Backfill the missing checks from the service app and mark each as a late entry, so the inspector sees what happened.',
    ],
    ['Report template', 'Redesign our appraisal template so the report looks professional and consistent across five offices.'],
    ['Sitio web', 'Para que el sitio parezca completo, diseña también la página del blog.'],
    ['Webseite', 'Damit die Webseite vollständig aussieht, bitte auch die Blogseite gestalten.'],
    ['Template laporan', 'Buat template laporan agar laporan terlihat rapi dan profesional.'],
    ['Schedule', 'Start date is flexible, so it falls before the holidays if possible.'],
    ['Vintage look', 'Add grain and scratches so the photos look older, like 1970s prints.'],
    ['Relatório', 'Diagrame o relatório anual para que o relatório pareça completo e profissional.'],
  ])('%s raises nothing', (title, description) => {
    expect(codes(title, description)).toEqual([]);
  });
});

describe('negation and excuses', () => {
  it('a phrase the post says no to right before does not raise', () => {
    expect(codes('Logo design', 'Please do not contact me on Telegram.')).toEqual([]);
    expect(codes('Logo design', 'Contact me on Telegram.')).toEqual(['offPlatform']);
  });

  it('a no before a list holds for every item of it', () => {
    expect(codes('Illustrations', 'We grow organically: no bought followers, likes or engagement pods, just good content.')).toEqual([]);
    expect(codes('Growth', 'We use engagement pods and bought followers.')).toEqual(['fakeEngagement']);
    // A no of an earlier clause does not carry past a clause that is not a list.
    expect(codes('Growth', 'No agencies, we run engagement pods ourselves.')).toEqual(['fakeEngagement']);
  });

  it('a paid test anywhere in the post excuses "to get hired"', () => {
    expect(codes('ETL', 'Build a sample pipeline to get hired.')).toEqual(['unpaidWork']);
    expect(codes('ETL', 'Build a sample pipeline to get hired. The test is paid at your hourly rate.')).toEqual([]);
  });

  it("leaked credentials looked for in an authorised review of the client's own domains are the work, not a hunt for people", () => {
    const review =
      'Enumerate our subdomains, exposed services and leaked credentials (authorised, our domains only) and report quick wins.';
    expect(codes('Attack surface review', review)).toEqual([]);
    expect(codes('OSINT', 'Search leaked databases for her phone number and address.')).toEqual(['surveillance']);
  });
});

describe('money in the freelancer’s account moved on, and costs paid first then “returned”, in several languages', () => {
  it.each([
    ['paymentHandling', 'El dinero de los clientes llegará a tu cuenta y luego lo envías a nuestro proveedor.', 'a tu cuenta'],
    ['paymentHandling', 'O dinheiro dos clientes cai na sua conta e você repassa o restante ao nosso fornecedor.', 'na sua conta'],
    [
      'paymentHandling',
      'Les paiements des clients arrivent sur votre compte, puis vous reversez le reste à notre fournisseur.',
      'sur votre compte',
    ],
    [
      'paymentHandling',
      'Das Geld der Kunden geht auf Ihr Konto und Sie überweisen den Rest an unseren Lieferanten weiter.',
      'auf Ihr Konto',
    ],
    ['upfrontFee', 'Cada nuevo moderador compra primero su licencia de software (79 $), que se reembolsa con el primer pago.', 'reembolsa'],
    ['upfrontFee', 'O novo colaborador paga o envio do equipamento (R$ 200), devolvido no primeiro salário.', 'devolvido'],
    ['upfrontFee', 'Le nouveau rédacteur achète d’abord son accès à la plateforme (49 €), remboursé avec le premier paiement.', 'rembours'],
    [
      'upfrontFee',
      'Neue Mitarbeiter zahlen zuerst 79 € für die Softwarelizenz, die mit dem ersten Gehalt erstattet wird.',
      'ersten Gehalt',
    ],
  ])('%s: %s', (code, description, words) => {
    const flag = flagsOf('Trabajo remoto', description).find((f) => f.code === code);
    expect(flag, `${code} on “${description}”`).toBeDefined();
    expect(flag!.quote!.toLowerCase()).toContain(words.toLowerCase());
  });

  it.each([
    ['Conciliación', 'Los pagos de los clientes llegan a nuestra cuenta de Stripe; concílialos con las facturas en Xero.'],
    ['Viagens', 'Reembolsamos as despesas de viagem com a sua fatura mensal.'],
    ['Comptabilité', 'Les paiements arrivent sur notre compte professionnel ; rapprochez-les des factures.'],
    ['Buchhaltung', 'Die Zahlungen gehen auf unser Geschäftskonto; gleichen Sie sie mit den Rechnungen ab.'],
    ['Gastos', 'Compra las fotos de stock que necesites y te las pagamos con la factura.'],
  ])('%s raises nothing', (title, description) => {
    expect(codes(title, description)).toEqual([]);
  });
});
