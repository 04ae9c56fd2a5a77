import { useTranslation } from 'react-i18next';

/** A star rating read out as "5 out of 5 stars". */
export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <p role="img" aria-label={t('home.testimonials.rating', { rating, max })} className="flex gap-0.5 text-amber-500">
      {Array.from({ length: max }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 ${index < rating ? '' : 'text-slate-300'}`}
          fill="currentColor"
        >
          <path d="M10 1.8l2.5 5.1 5.6.8-4 4 .9 5.6-5-2.6-5 2.6.9-5.6-4-4 5.6-.8z" />
        </svg>
      ))}
    </p>
  );
}
