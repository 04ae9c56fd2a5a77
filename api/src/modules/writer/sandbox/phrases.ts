import type { TextLanguage } from '@shared/letters/language';

/**
 * The offline writer's phrasebook: the few sentences it builds a letter from, in the interface's ten
 * languages and German, each slot with variants so two letters do not read alike. `{title}`,
 * `{skills}`, `{price}`, `{question}` and `{client}` are filled in; a sentence whose fact is
 * unknown is left out, never written with a default.
 */
export interface Phrasebook {
  and: string;
  hello: string;
  helloClient: string;
  opening: readonly string[];
  openingSkills: readonly string[];
  approach: readonly string[];
  about: string;
  /** What the post says, quoted back: the detail the letter starts from. */
  brief: string;
  price: string;
  answerPrice: string;
  answerTools: string;
  answerExperience: string;
  /** The user's own proof most like the job, quoted as they wrote it. */
  proof: string;
  answerUnknown: string;
  closing: readonly string[];
  signOff: string;
}

export const PHRASES: Record<TextLanguage, Phrasebook> = {
  en: {
    and: 'and',
    hello: 'Hello,',
    helloClient: 'Hello {client},',
    opening: ['Your project "{title}" is the kind of work I take on.', 'I would like to take on "{title}".'],
    openingSkills: [
      'Your project "{title}" is the kind of work I do with {skills}.',
      'I would like to take on "{title}": it is work I do with {skills}.',
    ],
    approach: [
      'I would begin by agreeing the scope and priorities with you, then deliver in small steps you can review.',
      'First I would confirm what matters most to you, then work in short rounds so you can see progress and steer it.',
    ],
    about: 'A little about me: {overview}',
    brief: 'You write: "{quote}"',
    price: 'My price for this is {price}.',
    answerPrice: 'You asked about the price: it is {price}.',
    answerTools: 'You asked "{question}": I work with {skills}.',
    answerExperience: 'You asked "{question}": {overview}',
    proof: 'Related work of mine: {proof}',
    answerUnknown: 'You asked "{question}": I would like to confirm this with you before we start.',
    closing: ['What would a successful result look like for you?', 'Which part matters most to you for the first delivery?'],
    signOff: 'Best regards',
  },
  es: {
    and: 'y',
    hello: 'Hola,',
    helloClient: 'Hola {client},',
    opening: ['Su proyecto «{title}» es el tipo de trabajo que hago.', 'Me gustaría encargarme de «{title}».'],
    openingSkills: [
      'Su proyecto «{title}» es el tipo de trabajo que hago con {skills}.',
      'Me gustaría encargarme de «{title}»: es trabajo que hago con {skills}.',
    ],
    approach: [
      'Empezaría acordando con usted el alcance y las prioridades, y luego entregaría en pasos cortos que pueda revisar.',
      'Primero confirmaría lo que más le importa y después trabajaría en rondas breves para que vea el avance y pueda orientarlo.',
    ],
    about: 'Un poco sobre mí: {overview}',
    brief: 'Usted escribe: «{quote}»',
    price: 'Mi precio para este trabajo es {price}.',
    answerPrice: 'Sobre el precio: es {price}.',
    answerTools: 'Pregunta «{question}»: trabajo con {skills}.',
    answerExperience: 'Pregunta «{question}»: {overview}',
    proof: 'Un trabajo mío relacionado: {proof}',
    answerUnknown: 'Pregunta «{question}»: me gustaría confirmarlo con usted antes de empezar.',
    closing: ['¿Cómo sería para usted un buen resultado?', '¿Qué parte le importa más para la primera entrega?'],
    signOff: 'Saludos cordiales',
  },
  fr: {
    and: 'et',
    hello: 'Bonjour,',
    helloClient: 'Bonjour {client},',
    opening: ['Votre projet « {title} » est le type de travail que je fais.', 'Je souhaite prendre en charge « {title} ».'],
    openingSkills: [
      'Votre projet « {title} » est le type de travail que je fais avec {skills}.',
      'Je souhaite prendre en charge « {title} » : c’est un travail que je fais avec {skills}.',
    ],
    approach: [
      'Je commencerais par convenir avec vous du périmètre et des priorités, puis je livrerais par petites étapes que vous pourrez relire.',
      'Je confirmerais d’abord ce qui compte le plus pour vous, puis je travaillerais par courtes itérations pour que vous suiviez l’avancement.',
    ],
    about: 'En quelques mots : {overview}',
    brief: 'Vous écrivez : « {quote} »',
    price: 'Mon prix pour ce travail est de {price}.',
    answerPrice: 'Concernant le prix : il est de {price}.',
    answerTools: 'Question « {question} » : je travaille avec {skills}.',
    answerExperience: 'Question « {question} » : {overview}',
    proof: 'Un travail similaire que j’ai réalisé : {proof}',
    answerUnknown: 'Question « {question} » : je souhaite le confirmer avec vous avant de commencer.',
    closing: ['À quoi ressemblerait un bon résultat pour vous ?', 'Quelle partie compte le plus pour la première livraison ?'],
    signOff: 'Cordialement',
  },
  pt: {
    and: 'e',
    hello: 'Olá,',
    helloClient: 'Olá {client},',
    opening: ['O seu projeto "{title}" é o tipo de trabalho que faço.', 'Gostaria de assumir "{title}".'],
    openingSkills: [
      'O seu projeto "{title}" é o tipo de trabalho que faço com {skills}.',
      'Gostaria de assumir "{title}": é um trabalho que faço com {skills}.',
    ],
    approach: [
      'Começaria por combinar consigo o escopo e as prioridades e depois entregaria em etapas curtas que possa rever.',
      'Primeiro confirmaria o que é mais importante para si e depois trabalharia em rodadas curtas para que acompanhe o progresso.',
    ],
    about: 'Um pouco sobre mim: {overview}',
    brief: 'Você escreve: "{quote}"',
    price: 'O meu preço para este trabalho é {price}.',
    answerPrice: 'Sobre o preço: é {price}.',
    answerTools: 'Pergunta "{question}": trabalho com {skills}.',
    answerExperience: 'Pergunta "{question}": {overview}',
    proof: 'Um trabalho meu relacionado: {proof}',
    answerUnknown: 'Pergunta "{question}": gostaria de confirmar isto consigo antes de começar.',
    closing: ['Como seria um bom resultado para si?', 'Que parte é mais importante para a primeira entrega?'],
    signOff: 'Com os melhores cumprimentos',
  },
  de: {
    and: 'und',
    hello: 'Hallo,',
    helloClient: 'Hallo {client},',
    opening: ['Ihr Projekt „{title}“ ist genau die Art Arbeit, die ich mache.', 'Ich würde „{title}“ gern übernehmen.'],
    openingSkills: [
      'Ihr Projekt „{title}“ ist genau die Art Arbeit, die ich mit {skills} mache.',
      'Ich würde „{title}“ gern übernehmen: Das ist Arbeit, die ich mit {skills} mache.',
    ],
    approach: [
      'Ich würde zuerst Umfang und Prioritäten mit Ihnen abstimmen und dann in kleinen Schritten liefern, die Sie prüfen können.',
      'Zuerst würde ich klären, was Ihnen am wichtigsten ist, und dann in kurzen Runden arbeiten, damit Sie den Fortschritt sehen.',
    ],
    about: 'Kurz zu mir: {overview}',
    brief: 'Sie schreiben: „{quote}“',
    price: 'Mein Preis dafür beträgt {price}.',
    answerPrice: 'Zum Preis: {price}.',
    answerTools: 'Zu „{question}“: Ich arbeite mit {skills}.',
    answerExperience: 'Zu „{question}“: {overview}',
    proof: 'Eine ähnliche Arbeit von mir: {proof}',
    answerUnknown: 'Zu „{question}“: Das würde ich vor dem Start gern mit Ihnen klären.',
    closing: ['Wie sähe für Sie ein gutes Ergebnis aus?', 'Welcher Teil ist Ihnen für die erste Lieferung am wichtigsten?'],
    signOff: 'Viele Grüße',
  },
  id: {
    and: 'dan',
    hello: 'Halo,',
    helloClient: 'Halo {client},',
    opening: ['Proyek Anda "{title}" adalah jenis pekerjaan yang saya kerjakan.', 'Saya ingin mengerjakan "{title}".'],
    openingSkills: [
      'Proyek Anda "{title}" adalah jenis pekerjaan yang saya kerjakan dengan {skills}.',
      'Saya ingin mengerjakan "{title}": ini pekerjaan yang saya lakukan dengan {skills}.',
    ],
    approach: [
      'Saya akan mulai dengan menyepakati ruang lingkup dan prioritas bersama Anda, lalu menyerahkan hasil dalam langkah kecil yang bisa Anda tinjau.',
      'Pertama saya akan memastikan apa yang paling penting bagi Anda, lalu bekerja dalam putaran singkat agar Anda bisa melihat kemajuannya.',
    ],
    about: 'Sedikit tentang saya: {overview}',
    brief: 'Anda menulis: "{quote}"',
    price: 'Harga saya untuk pekerjaan ini adalah {price}.',
    answerPrice: 'Mengenai harga: {price}.',
    answerTools: 'Pertanyaan "{question}": saya bekerja dengan {skills}.',
    answerExperience: 'Pertanyaan "{question}": {overview}',
    proof: 'Pekerjaan saya yang terkait: {proof}',
    answerUnknown: 'Pertanyaan "{question}": saya ingin memastikannya dengan Anda sebelum mulai.',
    closing: ['Seperti apa hasil yang berhasil menurut Anda?', 'Bagian mana yang paling penting untuk penyerahan pertama?'],
    signOff: 'Salam hormat',
  },
  ru: {
    and: 'и',
    hello: 'Здравствуйте,',
    helloClient: 'Здравствуйте, {client},',
    opening: ['Ваш проект «{title}» — именно та работа, которой я занимаюсь.', 'Я хотел бы взяться за «{title}».'],
    openingSkills: [
      'Ваш проект «{title}» — именно та работа, которую я делаю с {skills}.',
      'Я хотел бы взяться за «{title}»: это работа, которую я делаю с {skills}.',
    ],
    approach: [
      'Сначала я согласовал бы с вами объём и приоритеты, а затем сдавал бы работу небольшими этапами, которые вы можете проверить.',
      'Сначала я уточнил бы, что для вас важнее всего, а затем работал бы короткими итерациями, чтобы вы видели прогресс.',
    ],
    about: 'Коротко обо мне: {overview}',
    brief: 'Вы пишете: «{quote}»',
    price: 'Моя цена за эту работу — {price}.',
    answerPrice: 'О цене: {price}.',
    answerTools: 'Вопрос «{question}»: я работаю с {skills}.',
    answerExperience: 'Вопрос «{question}»: {overview}',
    proof: 'Похожая моя работа: {proof}',
    answerUnknown: 'Вопрос «{question}»: я хотел бы уточнить это с вами до начала работы.',
    closing: ['Каким для вас был бы успешный результат?', 'Какая часть для вас важнее всего в первой сдаче?'],
    signOff: 'С уважением',
  },
  ar: {
    and: 'و',
    hello: 'مرحبًا،',
    helloClient: 'مرحبًا {client}،',
    opening: ['مشروعك «{title}» هو نوع العمل الذي أقوم به.', 'أود أن أتولى «{title}».'],
    openingSkills: [
      'مشروعك «{title}» هو نوع العمل الذي أقوم به باستخدام {skills}.',
      'أود أن أتولى «{title}»: إنه عمل أقوم به باستخدام {skills}.',
    ],
    approach: [
      'سأبدأ بالاتفاق معك على النطاق والأولويات، ثم أسلّم العمل على مراحل قصيرة يمكنك مراجعتها.',
      'سأتأكد أولًا مما يهمك أكثر، ثم أعمل على جولات قصيرة لتتابع التقدم وتوجهه.',
    ],
    about: 'نبذة عني: {overview}',
    brief: 'كتبت: «{quote}»',
    price: 'سعري لهذا العمل هو {price}.',
    answerPrice: 'بخصوص السعر: {price}.',
    answerTools: 'سؤالك «{question}»: أعمل باستخدام {skills}.',
    answerExperience: 'سؤالك «{question}»: {overview}',
    proof: 'عمل مشابه قمت به: {proof}',
    answerUnknown: 'سؤالك «{question}»: أود تأكيد ذلك معك قبل البدء.',
    closing: ['كيف تبدو النتيجة الناجحة بالنسبة لك؟', 'ما الجزء الأهم لك في التسليم الأول؟'],
    signOff: 'مع أطيب التحيات',
  },
  zh: {
    and: '和',
    hello: '您好，',
    helloClient: '{client}，您好，',
    opening: ['您的项目“{title}”正是我做的那类工作。', '我希望承接“{title}”。'],
    openingSkills: ['您的项目“{title}”正是我用 {skills} 做的那类工作。', '我希望承接“{title}”：这是我用 {skills} 做的工作。'],
    approach: [
      '我会先与您确认范围和优先级，然后分小步交付，方便您审阅。',
      '我会先确认对您最重要的部分，然后以短周期推进，让您随时看到进展。',
    ],
    about: '关于我：{overview}',
    brief: '您写道：“{quote}”',
    price: '这项工作我的报价是 {price}。',
    answerPrice: '关于价格：{price}。',
    answerTools: '您问“{question}”：我使用 {skills}。',
    answerExperience: '您问“{question}”：{overview}',
    proof: '我做过的相关工作：{proof}',
    answerUnknown: '您问“{question}”：我希望在开始前与您确认这一点。',
    closing: ['对您来说，怎样的结果算是成功？', '第一次交付中，哪一部分对您最重要？'],
    signOff: '此致敬礼',
  },
  hi: {
    and: 'और',
    hello: 'नमस्ते,',
    helloClient: 'नमस्ते {client},',
    opening: ['आपका प्रोजेक्ट "{title}" ठीक वैसा ही काम है जो मैं करता हूँ।', 'मैं "{title}" पर काम करना चाहूँगा।'],
    openingSkills: [
      'आपका प्रोजेक्ट "{title}" ठीक वैसा ही काम है जो मैं {skills} के साथ करता हूँ।',
      'मैं "{title}" पर काम करना चाहूँगा: यह काम मैं {skills} के साथ करता हूँ।',
    ],
    approach: [
      'मैं पहले आपके साथ दायरा और प्राथमिकताएँ तय करूँगा, फिर छोटे चरणों में काम सौंपूँगा जिन्हें आप देख सकें।',
      'पहले मैं समझूँगा कि आपके लिए सबसे ज़रूरी क्या है, फिर छोटे दौरों में काम करूँगा ताकि आप प्रगति देख सकें।',
    ],
    about: 'मेरे बारे में: {overview}',
    brief: 'आपने लिखा: "{quote}"',
    price: 'इस काम के लिए मेरी कीमत {price} है।',
    answerPrice: 'कीमत के बारे में: {price}।',
    answerTools: 'आपका प्रश्न "{question}": मैं {skills} के साथ काम करता हूँ।',
    answerExperience: 'आपका प्रश्न "{question}": {overview}',
    proof: 'मेरा संबंधित काम: {proof}',
    answerUnknown: 'आपका प्रश्न "{question}": मैं शुरू करने से पहले इसे आपके साथ पक्का करना चाहूँगा।',
    closing: ['आपके लिए सफल नतीजा कैसा दिखेगा?', 'पहली डिलीवरी में आपके लिए सबसे ज़रूरी हिस्सा कौन-सा है?'],
    signOff: 'सादर',
  },
  bn: {
    and: 'এবং',
    hello: 'নমস্কার,',
    helloClient: 'নমস্কার {client},',
    opening: ['আপনার প্রকল্প "{title}" ঠিক সেই ধরনের কাজ যা আমি করি।', 'আমি "{title}" কাজটি নিতে চাই।'],
    openingSkills: [
      'আপনার প্রকল্প "{title}" ঠিক সেই ধরনের কাজ যা আমি {skills} দিয়ে করি।',
      'আমি "{title}" কাজটি নিতে চাই: এটি এমন কাজ যা আমি {skills} দিয়ে করি।',
    ],
    approach: [
      'প্রথমে আপনার সঙ্গে কাজের পরিধি ও অগ্রাধিকার ঠিক করব, তারপর ছোট ছোট ধাপে কাজ দেব যা আপনি দেখে নিতে পারবেন।',
      'প্রথমে বুঝে নেব আপনার কাছে কোনটি সবচেয়ে জরুরি, তারপর ছোট ছোট পর্বে কাজ করব যাতে আপনি অগ্রগতি দেখতে পান।',
    ],
    about: 'আমার সম্পর্কে: {overview}',
    brief: 'আপনি লিখেছেন: "{quote}"',
    price: 'এই কাজের জন্য আমার মূল্য {price}।',
    answerPrice: 'মূল্য সম্পর্কে: {price}।',
    answerTools: 'আপনার প্রশ্ন "{question}": আমি {skills} দিয়ে কাজ করি।',
    answerExperience: 'আপনার প্রশ্ন "{question}": {overview}',
    proof: 'আমার সম্পর্কিত কাজ: {proof}',
    answerUnknown: 'আপনার প্রশ্ন "{question}": শুরু করার আগে বিষয়টি আপনার সঙ্গে নিশ্চিত করতে চাই।',
    closing: ['আপনার কাছে সফল ফলাফল কেমন হবে?', 'প্রথম ডেলিভারিতে আপনার কাছে কোন অংশটি সবচেয়ে গুরুত্বপূর্ণ?'],
    signOff: 'শুভেচ্ছান্তে',
  },
};
