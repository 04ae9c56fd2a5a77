import { describe, expect, it } from 'vitest';
import { offPlatformOffer } from './off-platform';

describe('an offer to deal outside the marketplace', () => {
  it('is found wherever a letter offers to be paid or to talk outside the platform, in the languages letters are written in', () => {
    for (const text of [
      'We could also settle payment outside the platform to keep things simple.',
      'Happy to continue our chat off-platform once you reply.',
      'If you prefer, you can pay me directly by PayPal and save the fees.',
      'Posso receber por Pix fora da plataforma, se preferir.',
      'Podemos hablar fuera de la plataforma por correo.',
      'Le paiement peut se faire en dehors de la plateforme.',
      'Die Zahlung kann auch außerhalb der Plattform erfolgen.',
      'Оплату можно провести вне площадки.',
      'يمكننا التواصل خارج المنصة لتسريع العمل.',
      '我们可以私下付款，省去平台费用。',
      'A bank transfer instead of milestones works for me.',
    ])
      expect(offPlatformOffer(text), text).toBeTruthy();
  });

  it('leaves letters alone that only mention the platform, a past project or a tool', () => {
    for (const text of [
      'I have built payment flows with PayPal and Stripe for three online shops.',
      'I have delivered 40 projects on this platform with a 5.0 rating.',
      'The dashboard will show payments from Wise and Payoneer side by side.',
      'I can start today and deliver the first milestone through Upwork within a week.',
      'Vou entregar o site completo com integração de Pix para os seus clientes.',
      'I worked outside the platform for a bank for five years before freelancing.',
    ])
      expect(offPlatformOffer(text), text).toBeUndefined();
  });
});
