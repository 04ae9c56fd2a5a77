import type { ReactNode } from 'react';
import { Footer } from './Footer';

/** The frame of the public pages: room for the fixed top bar, the content, the footer. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <main id="main" className="flex-1 pt-16">
        {children}
      </main>
      <Footer />
    </div>
  );
}
