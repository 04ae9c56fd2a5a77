import { describe, expect, it } from 'vitest';
import { conceptFlags } from './concepts';
import { readPost } from './post';

/** The flag codes the concept rules raise on a post. */
const codes = (text: string) => conceptFlags(readPost(text)).map((flag) => flag.code);

describe('broad rules: each family by its structure, in the widest words', () => {
  it.each([
    // A selection round unpaid, or of real size and kept.
    [
      'unpaidWork',
      'Every shortlisted applicant builds the checkout flow first. The take-home itself isn\u2019t paid, but the best one wins.',
    ],
    ['unpaidWork', 'To keep hiring fair each candidate edits a full ad for one of our live clients. The trial isn\u2019t billed.'],
    ['unpaidWork', 'Para filtrar candidatos pedimos una prueba: un panel completo en React. La prueba no se paga.'],
    ['unpaidWork', 'Selection: you write three complete articles from live client briefs; they may end up being used for the client.'],
    ['unpaidWork', 'Кандидаты выполняют тестовое задание — полный лендинг. Тестовое задание не оплачивается.'],
    // A payment word near the trial is no product's trial: the hiring round stays unpaid.
    ['unpaidWork', 'Shortlisted designers mock up our Stripe pricing page as a trial; it isn\u2019t billed.'],
    // Reviews written as other people.
    [
      'fakeEngagement',
      'Write natural patient reviews in varied styles so they feel real, and post them from the Google accounts we give you.',
    ],
    ['fakeEngagement', 'We need 300+ five-star ratings on the App Store from accounts that look like real US users, spread over 10 days.'],
    ['fakeEngagement', 'Redacta y publica 15 opiniones al mes en Google Maps, como si fueran clientes distintos.'],
    ['fakeEngagement', 'Escreva avaliações para a nossa loja como se fossem clientes diferentes, de várias contas.'],
    // A check passed.
    ['checkEvasion', 'Rework the clips enough that they sail through YouTube\u2019s automated matching.'],
    ['checkEvasion', 'Our GPT pipeline writes the drafts; each article must come back scoring under 10% AI on Originality.ai.'],
    ['checkEvasion', 'We source trending shorts from other creators; rework them until YouTube\u2019s Content ID stops matching them.'],
    ['checkEvasion', 'Rework the supplier photos until Amazon\u2019s image matching stops pairing them with the originals.'],
    ['checkEvasion', 'Перепишите тексты так, чтобы они прошли антиплагиат и детектор ИИ.'],
    // A person watched without knowing.
    ['surveillance', 'An app on my partner\u2019s phone to see her location and read her WhatsApp. She must not know it is there.'],
    ['surveillance', 'Necesito ver la ubicación de mi pareja en tiempo real, que ella no vea el ícono.'],
    ['surveillance', 'Система должна узнавать знакомую по камерам у её дома. Она об этом знать не должна.'],
    // Clinical notes made now for past visits, dated back.
    [
      'falsifiedRecords',
      'The payer wants records for 90 visits; recreate the progress notes for the missing dates, signed and dated in 2024.',
    ],
    // An official body impersonated on calls or messages.
    ['forbiddenByTerms', 'Call the owners and introduce yourself as calling from the county tax assessor’s office about a lien.'],
    ['forbiddenByTerms', 'On the calls, say you are from the IRS and that a payment is overdue.'],
    ['forbiddenByTerms', 'Llama a los clientes y hazte pasar por la policía para que paguen.'],
    // Suppressor parts sold as solvent traps.
    [
      'forbiddenByTerms',
      'Tube 1.375-24 threaded ("solvent trap").\nCups x8 in 17-4: drill the 0.22 hole through each cup, aligned to the muzzle thread.',
    ],
    // Audio recorded in a home where the others are not told.
    ['surveillance', 'The speakers record ambient audio all day; the rest of the household shouldn’t be told about it.'],
    // A proof document made or changed to be believed.
    ['falsifiedRecords', 'Change the net pay on three payslips, same font, so the letting agency accepts them.'],
    ['falsifiedRecords', 'Retocar tres nóminas escaneadas para la inmobiliaria, que no parezca tocado.'],
    ['falsifiedRecords', 'Gerar holerite e extrato idênticos aos originais para alugar imóvel e pedir financiamento.'],
    // A student's work handed in as theirs.
    [
      'academicCheating',
      'I\u2019m finishing my MSc and the capstone is due. Write it so it reads like my own work; I\u2019ll handle the viva.',
    ],
    ['academicCheating', 'Necesito que redactes el TFM entero; lo entrego yo a mi nombre.'],
    ['academicCheating', 'Нужно сделать домашние задания курса за меня, сдавать буду от своего имени.'],
    // Protection removed.
    ['piracy', 'Make the SDK stop asking for the licence: the evaluation build stops working after 30 days.'],
    ['piracy', 'Decompile the paid app with jadx, take out their licence verification and rebuild it under our name.'],
    ['piracy', 'The images are preview versions with the logo pattern across them; we need that overlay taken out completely.'],
    ['piracy', 'Lisensinya belum saya beli, tolong dibersihkan watermark-nya dari versi preview.'],
    // Many accounts made apart.
    ['bulkAccounts', 'Open new developer accounts on each provider through the phone step with virtual numbers, rotating proxies.'],
    ['bulkAccounts', 'Create about 50 new TikTok and Instagram profiles, different names, each phone-verified.'],
    // Someone else's profile, bought contacts.
    ['forbiddenByTerms', 'Let us log in to your profile to send proposals; we split the earnings 70/30.'],
    [
      'forbiddenByTerms',
      'We work through your established freelancer profile; you keep the account active and withdraw the payments for us.',
    ],
    [
      'forbiddenByTerms',
      'We bought a file of 4M consumers from a data broker. None of these people opted in; rank them for our SMS dialer.',
    ],
    // Off the platform.
    ['offPlatform', 'Переписку здесь не ведём — напишите нам в Телеграм, договоримся об оплате напрямую, без комиссии площадки.'],
    ['offPlatform', 'Message us directly on WhatsApp so we avoid the platform\u2019s fees.'],
    // A fee to start.
    ['upfrontFee', 'The certification kit is $79, refunded from your first project payout.'],
    ['upfrontFee', 'The starter licence pack is $39, bought through our portal once you accept; we reimburse it after 200 images.'],
    // Money through the worker's own account.
    ['paymentHandling', 'Payouts land in your own bank account and you forward them to our supplier minus 10%.'],
    // An official record changed out of sight of whoever keeps it.
    [
      'falsifiedRecords',
      'Revise the certified deposition transcript so the answers read the way the witness meant them. The court reporter has not been involved, so keep this between us.',
    ],
    [
      'falsifiedRecords',
      'Update the inspection report dates in the logbook so the auditor sees them signed in March. Nobody else needs to know.',
    ],
    ['falsifiedRecords', 'Modificar las actas de la junta para que la fecha sea anterior; que quede entre nosotros.'],
    // A licensed professional's seal lent without the professional's own review.
    [
      'forbiddenByTerms',
      'Looking for a US licensed PE to seal our calc packages. Our engineers do the design, so there is no need to redo calcs; a quick look and sign-off is enough.',
    ],
    ['forbiddenByTerms', 'Need an architect to stamp 30 permit drawings a month. You do not have to review them, just apply your seal.'],
    ['forbiddenByTerms', 'Buscamos ingeniero colegiado para firmar proyectos; no hace falta revisar los cálculos, solo firmar.'],
    // An account suspended, and a new identity made so it is not tied to the old one.
    [
      'checkEvasion',
      'Our email sending was suspended for bounces. Set up a new portal under another company name so they don\u2019t link it to the old account.',
    ],
    [
      'checkEvasion',
      'La plataforma nos suspendió el envío. Crea un portal nuevo con otra razón social y otro dominio para que no lo relacionen con la cuenta anterior.',
    ],
    // An identity check overridden.
    [
      'checkEvasion',
      'When the IDV vendor returns resubmit for liveness, mark the user approved anyway and keep the reports showing the check as passed.',
    ],
    ['checkEvasion', 'Many users send documents that aren\u2019t their own; the KYC step should let them through regardless.'],
    // A monitoring program kept out of its user's sight.
    [
      'surveillance',
      'An agent that logs keystrokes, clipboard and browsing history, runs under a generic process name with no tray icon. Staff won\u2019t be told.',
    ],
    ['surveillance', 'Un programa oculto que guarde capturas de pantalla y pulsaciones del equipo de mi socio.'],
    // Paid channels rebroadcast.
    ['piracy', 'IPTV app for beIN Sports and Sky Sports with our m3u links from a private server, subscription codes.'],
    ['piracy', 'تطبيق IPTV لبث القنوات المشفرة والمباريات المباشرة من روابط m3u'],
    // Counterfeits of a named brand.
    ['piracy', 'Our store sells 1:1 mirror quality Gucci and Prada bags; film unboxings and keep the logo out of the first shot.'],
    ['piracy', 'Vendemos réplicas de grife 1:1 (Louis Vuitton, Chanel) e precisamos de vídeos para o TikTok.'],
    // One licence stretched over many machines, the vendor kept out.
    ['piracy', 'Four workstations share one licence activation; set them up to run without ever phoning home to the vendor.'],
    ['piracy', 'We are not buying more seats this year: make one seat work on all five PCs, you know which files to patch.'],
    // Test reports made without the tests.
    [
      'falsifiedRecords',
      'We have a genuine CE test report for a similar product from another company: change the model number, dates and measured values.',
    ],
    ['falsifiedRecords', 'Lab testing is not done yet, so put together a CPSIA test report in the format of an accredited lab.'],
    ['falsifiedRecords', 'We cannot run the SAT before shipping: fill in the SAT sheets as passed with plausible readings and sign them.'],
    // A key fob's code captured and replayed to open someone's car.
    [
      'forbiddenByTerms',
      'Handheld firmware that records the rolling code from the owner\u2019s key fob as they lock up, then jams and replays it later.',
    ],
    // A product that knows its test.
    ['checkEvasion', 'When the controller detects a dyno test cycle it caps the power; in normal road use it unlocks the full 750 W.'],
    // Unpaid tests said plainly, in several languages.
    [
      'unpaidWork',
      'Test: build the surface, the corridor and the cross-sections. The test itself isn\u2019t compensated. Deadline: 5 days.',
    ],
    ['unpaidWork', 'Pour départager les candidats, une bague complète en test. Le test n\u2019est pas rémunéré.'],
    ['unpaidWork', 'Перед собеседованием нужно выполнить тестовое задание, 3–4 дня. Тестовое не оплачивается.'],
    [
      'unpaidWork',
      'Our take-home: build an event-driven backtester from scratch with five strategies and a tear sheet. It usually takes 25\u201330 hours, and we decide on a contract after reviewing the code. The assignment is unpaid.',
    ],
    // People recorded where they think they are alone.
    [
      'surveillance',
      'The lounge needs tiny cameras and microphones in the ceiling to record what buyers say when they think they\u2019re talking privately. No signage or notice.',
    ],
    ['surveillance', 'A smoke detector shell that hides a camera for the guest bedroom; I\u2019d prefer guests never find out.'],
    [
      'surveillance',
      'The app collects GPS location every 5 minutes from staff phones, which staff aren\u2019t aware of; speed up the dashboard.',
    ],
    // A competitor's work copied exactly.
    ['piracy', 'A SaaS competitor\u2019s Webflow site converts well: we want an exact copy, just replace their product name with ours.'],
    ['piracy', 'Reprendre la boutique du concurrent à l\u2019identique : textes, photos et thème.'],
    // Weapons.
    ['forbiddenByTerms', 'A self-defence ring line: knuckle-dusters in silver and a ring with a concealed blade.'],
    ['forbiddenByTerms', 'Flat receiver blank drawings with a bend jig, unserialized, for home builds.'],
    // An app store's reviewers shown another app than the users get.
    ['checkEvasion', 'Hide the crypto exchange from App Store reviewers: geo-fence their IPs and show the calculator screen instead.'],
    [
      'checkEvasion',
      'The build submitted for review only shows the meditation timer; after approval a remote flag unlocks the betting tab.',
    ],
    ['checkEvasion', 'Para Google Play: los revisores de Google no deben ver el casino; después de la aprobación lo activamos por país.'],
    // Customers' money through the freelancer's own payment account.
    [
      'paymentHandling',
      'Until our merchant account is approved, customer payments land in your PayPal or Stripe account and you send the totals to our company account each week.',
    ],
    // Shows taken from streams.
    ['piracy', 'Subtitle web rips of this season\u2019s shows within a day of airing for our free streaming site.'],
    ['piracy', 'Cam rips of new cinema releases need hard-coded subtitles before we upload them.'],
    ['piracy', 'Compré el curso de otra creadora: súbelo a mi plataforma quitando su marca de agua y con mi logo.'],
    // A kit bought to start, earned back later.
    ['upfrontFee', 'Every contractor buys our onboarding course and boilerplate licence for $199 before we share the first ticket.'],
    ['upfrontFee', 'Our training pack is $149; most people earn it back within the first week of tasks.'],
    // Medicine dropped for the client's product, hard drugs carried, ads cloaked.
    ['forbiddenByTerms', 'The e-book must promise readers they can come off metformin and insulin in 30 days with our supplement.'],
    ['forbiddenByTerms', 'Tell readers to stop taking their antidepressants and use our mushroom tincture instead.'],
    ['forbiddenByTerms', 'Drone pilot for night deliveries into a prison yard: phones and some cocaine, well packed.'],
    [
      'checkEvasion',
      'Two versions of the page: Google Ads reviewers see a clean health blog, buyers from the ads the real offer. Cloaking experience required.',
    ],
    ['checkEvasion', 'Kami butuh website dengan dua versi; pengalaman cloaking wajib untuk iklan Meta.'],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Paid trial: every shortlisted candidate does a two-hour task at our normal rate before the contract.',
    'The test task is paid ($50) and takes about two hours.',
    'Reply to our genuine Google reviews within a day and analyse the reviews for common complaints.',
    'Retouch the portraits so the skin looks natural, keep pores and texture real.',
    'Build a plagiarism checker for our university that flags AI-written essays.',
    'Articles must be your own and pass Copyscape and our AI detector; 1,500 words each.',
    'You will need to buy the font licence ($30); we reimburse it with the first milestone.',
    'Fleet tracking app: drivers see the location sharing screen and accept it when they log in.',
    'Proofread my PhD thesis for grammar and consistency before I submit it to my supervisor.',
    'Our course: students submit their final project as their own portfolio piece, and you grade it.',
    'Watermark our own product photos with the logo before they go on Instagram.',
    'We bought a licensed template on ThemeForest; customise it with our brand.',
    'Create 40 client accounts in our CRM from the spreadsheet and send the welcome emails.',
    'Import our 12,000 opt-in newsletter subscribers into Klaviyo and clean the duplicates.',
    'After the contract starts we move to Slack for daily chat; payment stays on the platform.',
    'We reimburse the software licence you need for the project with your first invoice.',
    'Reconcile the payouts from Stripe to our bank account in Xero every month.',
    'Design a 3D printable robot arm whose parts do not crack at the shoulder.',
    'Parse bank statements (PDF) into our accounting app and categorise the transactions.',
    'A parental-control app for our school tablets, with the parents\u2019 consent and a visible icon.',
    'Licensed PE to review our structural calcs and drawings, then stamp and seal them for the permit.',
    'Sign off the calculations after your own check; a quick look at the loads first, then a full review.',
    'Caption the deposition video and sync the SRT with the certified transcript for trial presentation.',
    'Edit the meeting minutes for grammar before we share them with the board.',
    'Keep this between us for now: we are planning a surprise redesign of the company website.',
    'Our Google Ads account was suspended; help us appeal and fix the landing page so it is reinstated.',
    'Our old domain was banned by a spam list, so we moved to a new domain; warm it up and set up DKIM and DMARC.',
    'Integrate an IDV vendor (document + liveness) into our Rails onboarding; failed checks go to the manual review queue.',
    'In the staging environment, mark test users as approved regardless of the KYC mock responses.',
    'KYC fraud prevention: flag selfies and documents that are not their own for manual review.',
    'Time-tracking app that takes screenshots every 10 minutes, with a visible icon and the employee\u2019s consent.',
    'An IPTV player app where users load their own M3U playlists; no channels are included.',
    'A licensed sports streaming app for our own channels, with Premier League highlights we hold the rights to.',
    'Call our past clients and introduce yourself as calling from Acme Realty about their home value.',
    'Update our progress notes templates in the EHR so providers finish notes the same day.',
    'Update the timesheets for the missing dates from our calendar export.',
    'Present yourself as our revenue operations lead when you join the state sales kickoff call.',
    'Actor for a short film: you pretend to be a police officer in two scenes.',
    'Solvent trap cleaning kit, ready to use, fits the muzzle thread: write the listing and bore-cleaning guide.',
    'Translate the clinical notes signed and dated in 2023 for the patient’s new doctor abroad.',
    'Research the county tax assessor’s records and call owners as our acquisitions assistant, saying who we are.',
    'Solvent trap cleaning kit product photos and a listing for our store; no machining.',
    'We are an FFL/SOT: program the suppressor baffles in Fusion 360, drilled per the Form 1 drawings.',
    'A diary study where participants record audio notes in the app; they are told how it is used and sign a consent form.',
    'Product videos for our authentic pre-owned Louis Vuitton bags; each comes with its certificate of authenticity.',
    'Redraw our original logo as a vector replica for the new shop sign.',
    'Designer-inspired earrings at fair prices: film 6 styling Reels, no brand names or logos anywhere.',
    'Add licence activation to our desktop app: the activation server checks the key, and it keeps working offline without phoning home.',
    'Prepare the technical file and the declaration of conformity for CE marking; the accredited lab runs the EMC tests next month.',
    'Write the FAT protocol and test sheets; our engineers fill them in with the customer as each test is run.',
    'We sell a desktop video tool: licence files for our own product, a 3-device activation limit, no phoning home beyond activation.',
    'Read our FCC test report from the lab and fix the firmware issues it found; we change the model number for the new variant.',
    'Rolling code receiver firmware for our gate opener with replay protection against jamming and code grabbers.',
    'Phone-as-key module: open and start the car from the app without the key fob, paired by the owner at the dealer.',
    'Bench test mode for our e-bike controller: service staff see diagnostics; in normal use the menu stays hidden.',
    'I am the photographer: remove my own watermark from the proofs of three 2019 weddings whose RAW files were lost.',
    'Two issues a month at $400 each. The first is a trial issue: we pay the full $400 through a milestone, and if it does not work out you keep the payment.',
    'The test task is paid ($40) and takes an hour; the selected candidate then starts a 5-day project.',
    'Security cameras for our own warehouse entrances, with signs at every door as the law requires.',
    'Study our competitors\u2019 sites for ideas, then design an original layout for us; no copying.',
    'We bought the competitor last year: migrate their Webflow site into ours, an exact copy with their name replaced by ours.',
    'Knuckle rings and midi rings in sterling silver for our minimalist jewelry line.',
    'Install eight cameras at our warehouse doors. Can you start right away, with no notice?',
    'Select the best 40 photos from the full shoot and retouch them; delivery is free of charge.',
    'We are an FFL/SOT: drawings for receiver flats per our Form 2 licence.',
    'Set up our SaaS billing in Stripe. New users get a 14-day trial that isn\u2019t billed, then the monthly plan starts.',
    'Build the checkout flow in our React app. Unit tests are not paid separately; include them in your quote.',
    'Prepare the build for App Store review: fill in the review notes and a demo account so the reviewers can see every feature.',
    'Submit to the App Store; after approval we switch the backend URL to production and announce the launch.',
    'Our iOS app is on the App Store; make sure users can\u2019t see other members\u2019 orders in the new history screen.',
    'Integrate Stripe Connect: payouts go to each cleaner\u2019s own account and the platform fee to our business account.',
    'You will be paid to your PayPal account every Friday; send the weekly totals report to our account manager.',
    'Rip and subtitle our own training DVDs for the company intranet; 12 films of about 20 minutes.',
    'Diabetes meal plan e-book: 60 recipes; remind readers never to stop any medication without talking to their doctor.',
    'Articles for our addiction recovery clinic on fentanyl and cocaine overdoses, and how families can get naloxone delivered.',
    'Sci-fi game: design the cloaking device effect for the stealth ship, shader and sound.',
    'Audit our site for cloaking detection issues flagged by Google Search Console.',
    'Training course for our drivers: $120 per seat, paid by us, before you start the route.',
    'Audiobook narrator for a romantic suspense trilogy: dual POV (heroine + hero). Deliverables: mastered chapter files for ACX.',
    'Looking for a warm female voice to record my novel; I\u2019ll put it on Audible through ACX.',
    'Rails MVP: coach profiles, parents book & pay (Stripe Connect, 12% platform fee), reminders and reviews.',
  ])('raises nothing on an honest post: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});
