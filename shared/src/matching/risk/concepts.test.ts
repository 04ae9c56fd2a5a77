import { describe, expect, it } from 'vitest';
import { conceptFlags } from './concepts';
import { readPost } from './post';

/** The flag codes the concept rules raise on a post. */
const codes = (text: string) => conceptFlags(readPost(text)).map((flag) => flag.code);

describe('concept rules: ideas that meet in one sentence, whatever the words', () => {
  it.each([
    ['checkEvasion', 'Rewrite 30 blog posts made with ChatGPT so that GPTZero and Originality.ai score them as human.'],
    ['checkEvasion', 'Spin these competitor articles so Copyscape shows 0% match, keep the meaning.'],
    ['checkEvasion', 'Need an editor to re-cut copyrighted football highlights with mirroring so YouTube does not catch them.'],
    ['checkEvasion', 'Paraphrase research papers from other authors until the plagiarism checker gives a 0% similarity score.'],
    ['fakeEngagement', 'Write and post Trustpilot reviews for our store, each from a new profile with a different name.'],
    ['fakeEngagement', 'Upvote our Product Hunt launch with 300 accounts on launch day.'],
    ['fakeEngagement', 'We need testers to download our app and rate it five stars on the Play Store, then leave a comment.'],
    ['fakeEngagement', 'Paying $3 per review for Google Maps reviews of our three restaurants.'],
    ['fakeEngagement', 'Get us 10k TikTok followers that look organic within two weeks, we will buy the likes too.'],
    ['piracy', 'Send me a working copy of Adobe Premiere with the activation bypassed.'],
    [
      'piracy',
      'A great bottle on Kickstarter, not filed yet. Trace the design views from their campaign photos; we will list ourselves as the designers.',
    ],
    ['piracy', 'Need the premium version of this WordPress plugin with the license key check disabled so it works on 50 sites.'],
    ['piracy', 'Download and re-host full episodes of Netflix series on our streaming site.'],
    ['piracy', 'Clone the paid Udemy course videos and put them on our Telegram channel.'],
    ['piracy', 'Rip the audiobooks from Audible and convert them to mp3 without DRM.'],
    ['piracy', 'Remove the watermarks from these Shutterstock images for our blog.'],
    ['falsifiedRecords', 'Create three payslips with a higher salary for my mortgage application.'],
    ['falsifiedRecords', 'Make a utility bill in my name with a UK address for account verification.'],
    ['falsifiedRecords', 'Adjust the profit and loss statement so the company looks profitable to the investors.'],
    ['falsifiedRecords', 'Need a realistic degree certificate from an American university, with seal.'],
    ['falsifiedRecords', 'Change the dates and the amounts on my bank statements, I will send the PDFs.'],
    ['bulkAccounts', 'Create 100 Tinder profiles with different photos and phone numbers.'],
    ['bulkAccounts', 'Register 300 email addresses with SMS verification for our outreach tool.'],
    ['bulkAccounts', 'Set up hundreds of Twitter accounts on unique IPs, aged if possible.'],
    ['forbiddenByTerms', 'Take my Upwork skills test for me and pass it with a high score.'],
    ['forbiddenByTerms', 'Log in to my freelancer account and do the work under my name.'],
    ['forbiddenByTerms', 'I need someone to rent me their verified Upwork account.'],
    ['forbiddenByTerms', 'Bid on projects from my account and I pay you a share.'],
    ['upfrontFee', 'Earn $500 a week typing. A $49 starter package is needed before you get tasks.'],
    ['upfrontFee', 'Applicants pay a refundable $25 registration deposit first, then the tasks are unlocked.'],
    ['paymentHandling', 'Need a local representative to accept bank transfers from our customers and send the money by Western Union.'],
    ['paymentHandling', 'You will receive payments from our buyers and pass them on in Bitcoin, keeping 8%.'],
    ['unpaidWork', 'Write three sample articles of 1,000 words each for free so we can judge your style.'],
    ['unpaidWork', 'Design a complete homepage as a test task; we will pick the best one and hire that designer.'],
    ['surveillance', 'Put a hidden app on my husband phone so I can read his WhatsApp messages without him knowing.'],
    ['surveillance', 'I want to secretly track my employee location and read their emails.'],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Articles must pass Copyscape and be 100% original; we check every piece with Grammarly.',
    'Avoid copyright strikes by using only licensed or royalty-free music in our YouTube videos.',
    'Edit our podcast episodes for YouTube; avoid long intros and keep the pacing tight.',
    'Humanize our AI drafts so they read naturally in our brand voice.',
    'We have 500 five-star reviews on Google and want a website that shows them.',
    'Set up a review request email that asks our real customers to leave a Google review.',
    'Build a dashboard that analyses reviews and ratings from Amazon for sentiment.',
    'Reply to reviews on Trustpilot and Google on our behalf, politely and within a day.',
    'We run paid ads to get more views on our YouTube channel; manage the campaigns.',
    'Grow our Instagram organically: content calendar, hashtags and community management.',
    'Set up 20 email accounts for our staff on Google Workspace and migrate their mail.',
    'Import 5,000 customer accounts into our CRM and verify their email addresses.',
    'Create 30 test accounts for QA in our sandbox environment.',
    'Prepare financial statements for our bank loan application from our books in Xero.',
    'Create a realistic financial model for investors: revenue, costs, cash flow, three scenarios.',
    'Design a certificate template with a seal for the graduates of our course.',
    'Translate my diploma and transcript into English for a university admission, certified translation.',
    'Optimise my Upwork profile: title, overview and portfolio.',
    'We sell a membership site; users pay a $49 membership fee before they access the course.',
    'Integrate Stripe to accept payments from our customers and send receipts by email.',
    'Migrate our licensed WordPress plugins to the new server and renew the licence keys.',
    'Remove the watermark from our own product photos; we shot them ourselves.',
    'Download our Udemy course videos (we are the instructor) and upload them to our own site.',
    'Build a parental control feature for our app, with consent screens for teens.',
    'Fleet tracking for our company-owned vans with drivers informed, GPS on a map.',
    'We offer a free trial of our software; write onboarding emails for trial users.',
    'Our volunteers need a sign-up page and a donation page for the charity.',
    'Design a free landing page template for our open-source project; paid at your hourly rate.',
    'Paid test task: a two-hour sample, billed at your rate, before the full project.',
    'We never buy followers or reviews: grow our account with real content.',
    'Create 50 landing pages in Webflow for our SEO campaign.',
    'Edit the dates on our event page and the names of the speakers.',
  ])('no flag: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe('concept rules: what the post asks the freelancer to do, in words no phrase list holds', () => {
  it.each([
    // Money that reaches the freelancer and is moved on.
    [
      'paymentHandling',
      'Our customers will pay their invoices to the account you open in your own name. Later you move the amounts on to our supplier.',
    ],
    [
      'paymentHandling',
      'The client will send the deposit to you as our local agent. Keep your fee and transfer what remains to our factory.',
    ],
    ['paymentHandling', 'Prize money goes into your PayPal first and you send it out to the winners we list.'],
    // The worker pays or buys first.
    ['upfrontFee', 'Candidates cover the $150 exam voucher themselves, which we order for you once you send it.'],
    ['upfrontFee', 'Every new moderator first buys our software seat ($79) so we can give you access.'],
    ['upfrontFee', 'We ship you a laptop. The shipping and insurance, $210, is on the new hire and is returned with the first salary.'],
    ['upfrontFee', 'To access our lead database each agent buys a lifetime seat for $99 at sign-up.'],
    // Accounts and identities.
    ['bulkAccounts', 'Sign up 60 developer orgs, each one with a different name and phone, and send us the logins.'],
    ['bulkAccounts', 'We need 20 recruiter personas on LinkedIn with photos and work history so we can message more people.'],
    ['forbiddenByTerms', 'Run our page that sells ready Instagram accounts with a 10k audience; send buyers the login after payment.'],
    ['forbiddenByTerms', 'Fill in the relief grant applications for 40 businesses with the owners\u2019 IDs we hold.'],
    ['forbiddenByTerms', 'Find good freelancers on this site and get them to work through our agency account at a lower rate.'],
    // Votes and polls.
    ['fakeEngagement', 'Get our cafe to the top of the newspaper poll by adding entries from lots of different emails and browsers.'],
    // Others' work, property and people.
    ['piracy', 'Redraw the plans of a published designer house from the magazine so we can sell them as our own.'],
    ['piracy', 'We need AutoCAD running on 6 PCs permanently without subscriptions. Send the installer and the patch files.'],
    ['checkEvasion', 'Upload scenes from new cinema releases, cropped and mirrored so Facebook does not take them down.'],
    ['checkEvasion', 'Prepare their files so the screening company\u2019s checks come back clean.'],
    ['surveillance', 'Set the mobile app to send us the GPS position of each rep and their WhatsApp chats, without the reps being told.'],
    ['surveillance', 'Find out who is behind an anonymous account and get their real name, phone and home address.'],
    // Records and seals.
    [
      'falsifiedRecords',
      'I need the drawings to carry a registered architect\u2019s seal so the city approves them. I have a scan of one from an old project.',
    ],
    ['falsifiedRecords', 'Our funder expects 500 participants but we reached about 180. Write the report so the numbers line up with 500.'],
    ['falsifiedRecords', 'Prepare experience letters on company letterheads and answer the phone as their former HR manager.'],
    // Work for nothing.
    [
      'unpaidWork',
      'Build our complete lead-to-cash process in a dev org. The one we like best gets the contract. Submissions are not compensated.',
    ],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Reconcile the payments our customers send to our Stripe account and match them to invoices in Xero.',
    'Pay our suppliers from our business account every Friday and file the receipts.',
    'You will be paid $40 per hour, invoiced weekly through the platform.',
    'Buy the stock photos you need (up to $50) and we reimburse them with your invoice.',
    'Our licensed architect will review and stamp the drawings for the permit.',
    'Set up user accounts for our 60 employees in Salesforce, each with the right profile.',
    'Create buyer personas for our marketing plan: three personas with goals and pains.',
    'Sell our consulting services to enterprise accounts; you will get the login to our CRM.',
    'Run the Instagram giveaway: pick the winners at random and we send them the prizes.',
    'Draw the floor plans of our own house from the sketches; we will sell the house next year.',
    'Install Office on 6 PCs with our Microsoft 365 subscription and set up the printers.',
    'Our background checks come from a licensed provider; set up the screening step in our ATS.',
    'Fleet tracking app for our delivery drivers, who agreed to location sharing during shifts.',
    'Write the grant report from our attendance data: 180 participants, outcomes and lessons.',
    'Design an experience letter template on our letterhead for our HR team.',
    'Onboard new hires: collect their IDs for the I-9 and set up payroll.',
    'Recruit freelancers for our agency; interviews on video, contracts through our account manager.',
  ])('no flag: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe('concept rules in the interface languages (concepts.i18n.data.ts)', () => {
  it.each([
    ['upfrontFee', 'hi', 'काम शुरू करने से पहले आपको हमारे पोर्टल का खाता खुलवाने के लिए ₹1500 जमा करने होंगे।'],
    ['upfrontFee', 'bn', 'কাজ শুরুর আগে আইডি খোলার জন্য ৫০০ টাকা বিকাশে পাঠাতে হবে, প্রথম বেতনের সাথে ফেরত দেওয়া হবে।'],
    ['upfrontFee', 'ar', 'قبل استلام أول مهمة يجب تحويل 40 دولارًا لتفعيل حسابك في منصتنا.'],
    ['upfrontFee', 'id', 'Sebelum dapat file pertama, anda transfer Rp 150.000 untuk aktivasi akun di aplikasi kami.'],
    ['upfrontFee', 'ru', 'Перед началом работы нужно оплатить доступ к платформе, 30 долларов, вернём с первой выплатой.'],
    ['upfrontFee', 'zh', '开始工作之前，你需要先交200元押金，第一笔工资时退还。'],
    ['upfrontFee', 'es', 'Antes de recibir tareas debes pagar 30 dólares por el material, se te devuelve con el primer pago.'],
    ['upfrontFee', 'pt', 'Você precisa pagar R$ 90 antes de começar, devolvido no primeiro pagamento.'],
    ['upfrontFee', 'fr', 'Vous devez payer 40 € pour le kit avant de commencer les missions.'],
    ['upfrontFee', 'de', 'Sie müssen vorab 50 € für die Schulung überweisen, um zu starten.'],
    [
      'paymentHandling',
      'ru',
      'Оплаты от наших клиентов будут приходить на вашу карту, вы переводите их дальше нашему партнёру за вычетом 10%.',
    ],
    ['paymentHandling', 'zh', '我们客户的货款会先转入你的个人银行账户，你收到后扣除5%转给我们的供应商。'],
    ['paymentHandling', 'hi', 'ग्राहकों का पैसा आपके बैंक खाते में आएगा, आपको उसे आगे भेजना होगा।'],
    ['paymentHandling', 'es', 'Los pagos de clientes llegan a tu cuenta bancaria y los transfieres a nuestro proveedor.'],
    ['paymentHandling', 'id', 'Pembayaran pelanggan masuk ke rekening anda, lalu transferkan ke supplier kami.'],
    ['surveillance', 'hi', 'मेरे बिज़नेस पार्टनर के फ़ोन से उसकी जानकारी के बिना रिकॉर्ड की गई कॉल्स हैं।'],
    ['surveillance', 'ar', 'أريد قراءة رسائل زوجتي على واتساب دون علمها.'],
    ['surveillance', 'es', 'Quiero ver los mensajes de WhatsApp de mi esposa sin que lo sepa.'],
    ['surveillance', 'de', 'Ich möchte heimlich den Standort vom Handy meines Mannes sehen.'],
    ['forbiddenByTerms', 'ar', 'أريد شخصًا يدخل إلى حساب فيسبوك لشخص أعرفه ويرسل لي محادثاته.'],
    ['forbiddenByTerms', 'ru', 'Хочу получить доступ к базе клиентов бывшего работодателя.'],
    ['forbiddenByTerms', 'zh', '我需要黑进前女友的邮箱。'],
    ['fakeEngagement', 'ru', 'Нужно 200 отзывов на наши товары с разных аккаунтов, тексты пришлём мы.'],
    ['fakeEngagement', 'es', 'Necesitamos 50 reseñas de cinco estrellas desde cuentas diferentes, te enviamos los textos.'],
    ['fakeEngagement', 'zh', '需要在淘宝上用不同账号给我们写好评。'],
    ['falsifiedRecords', 'id', 'Tulis hasil uji seolah-olah produk sudah diuji di laboratorium, padahal belum.'],
    ['falsifiedRecords', 'es', 'Redacta el informe como si el equipo hubiera sido probado y certificado.'],
  ])('%s (%s): %s', (code, _lang, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Necesitamos transcribir 10 entrevistas antes de fin de mes; pagamos por hora.',
    'Wir zahlen 50 % vor dem Start und den Rest nach Abnahme.',
    'Você precisa enviar o arquivo antes de começar a tradução.',
    'Vous devez envoyer vos échantillons avant de commencer.',
    'Kami bayar 50% sebelum mulai, sisanya setelah selesai.',
    'Мы оплатим половину перед началом работы.',
    'نحتاج اختبار اختراق لموقعنا مع تقرير، لدينا تفويض كتابي.',
    'Тест на взлом нашего веб-приложения по договору, с отчётом.',
    '需要转写20段采访录音，开始前我们先付50%。',
    'आपको हर शुक्रवार से पहले रिपोर्ट भेजनी होगी।',
    'Responder a las reseñas de nuestros clientes reales en Google.',
    'Sammeln Sie echte Bewertungen unserer Kunden und antworten Sie darauf.',
    'Los pagos de los clientes llegan a nuestra cuenta de Stripe; concilia en Xero.',
    'We invented the feeder: trace our prototype photos into the design views; we list ourselves as the inventors.',
  ])('a legitimate post raises nothing: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe('concept rules for what the five-trade slice found unflagged', () => {
  it.each([
    [
      'piracy',
      "Take the images and A+ content from our competitor's listings, remove their logo from the photos, and use them on our ASINs.",
    ],
    [
      'piracy',
      "Take chapters from a couple of paid O'Reilly books about Kafka, change the wording, and we publish them as our official manual.",
    ],
    ['forbiddenByTerms', "Find a way into our competitor's store admin and customer list. They will not be told, so be careful."],
    ['forbiddenByTerms', 'Help me get into the server of my former employer and copy the client list.'],
    ['fakeEngagement', 'We need sixty different people to download it and give it the highest rating with a short comment.'],
    ['fakeEngagement', 'Install the app on 40 phones; each account leaves a 5-star rating.'],
    [
      'falsifiedRecords',
      'Our LMS shows 64 employees never finished the forklift training. Create completion records dated between March and June with passing scores before the OSHA inspection.',
    ],
    [
      'falsifiedRecords',
      'The crane was not inspected this year. Fill in the inspection logs as if it had been done in May, before the insurer audits us.',
    ],
    ['fakeEngagement', 'Write 40 client testimonials with names and logos of banks we have not worked with yet, to build trust.'],
    ['forbiddenByTerms', "Describe our Nike factory copies so eBay's system does not catch them as replicas."],
    ['forbiddenByTerms', 'List these replica watches on Etsy without getting caught.'],
    [
      'upfrontFee',
      'The course workbook and sandbox seat cost $49 which you cover yourself before the first assignment; it comes back with your first client payout.',
    ],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    "Analyse our competitor's listing photos and A+ content and tell us how ours compare.",
    'Authorised penetration test: find a way into our staging app; scope letter and rules of engagement attached.',
    'We have 60 different customers who rated us; build a page that shows their reviews.',
    'Collect testimonials from clients we have worked with this year and design a case study page.',
    'Spot counterfeit listings of our brand on Amazon and report them to Brand Registry.',
    'The $49 course is free for you: we pay it, and you start right away.',
    'Logo for my bakery. I will pay well and leave a 5 star review.',
    'We’ll leave a five star review on your profile when the edit is done.',
    'Many employees never finished the forklift training: send reminders and a completion report of who is overdue before the audit.',
    'Migrate our training completion records, dated between 2019 and 2024, from the old LMS into Docebo with their original scores.',
  ])('a legitimate post raises nothing: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});

describe('concept rules for results changed to pass, remade records and borrowed stamps (the twelfth corpus round)', () => {
  it.each([
    [
      'falsifiedRecords',
      'Three of the pressure readings were over the limit. Lower those readings to something under the limit so the inspection report shows a clean pass for the insurer.',
    ],
    [
      'falsifiedRecords',
      'Reclassify four subjects from withdrawn to completed so the efficacy table matches what we already presented to the board.',
    ],
    ['falsifiedRecords', 'Change the dates of service in the visit notes so they line up with the claims we were already paid on.'],
    [
      'falsifiedRecords',
      'Regenerate the 2020 and 2021 calibration certificates with the new values, with the old issue dates and PDF metadata matching those years.',
    ],
    [
      'falsifiedRecords',
      'Write an accessibility audit stating that the portal was tested and meets WCAG 2.1 AA. It does not actually pass right now; we will fix the issues later.',
    ],
    [
      'falsifiedRecords',
      'Put the PE stamp on these permit sheets; I have it as a PDF from a job last year, that engineer no longer works with us.',
    ],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Two of the pressure readings were over the limit: mark them in red in the inspection report and list the repairs needed before a retest.',
    'Adjust the readings for the temperature drift of the sensor, as the calibration procedure says, and recompute the summary table.',
    'Recreate our product catalogue in InDesign with the new prices; keep the old revision history in an appendix.',
    'Audit our portal against WCAG 2.1 AA. It does not pass right now, so list every failure with a fix; the report states only what you found.',
    'Our staff engineer will review and stamp the permit sheets; you draft them in AutoCAD from the survey.',
    'Move the misposted entries to the right accounts so the ledger matches what the bank reported for March.',
    'Recode the survey answers into the new scale so the results match what the questionnaire asked.',
    'Recreate our 2019 invoices in QuickBooks with the original dates and amounts from the old system.',
    'Adjust the config values so the Lighthouse audit passes on mobile.',
    'Our old engineer does not work with us any more, so we need a new PE stamp on the permit sheets from a licensed engineer.',
    'Our portal does not pass WCAG 2.1 AA right now. Fix the issues, then write a report confirming it meets AA.',
  ])('a legitimate post raises nothing: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});
