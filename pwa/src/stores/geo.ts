import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { useEffect } from 'react';
import { detectLocation, GEO_CACHE_KEY, NO_LOCATION, parseCachedLocation, type DetectedLocation } from '../lib/geo';
import { browserTimeZone } from '../lib/time-zone';

export { GEO_CACHE_KEY };
const GEO_TIMEOUT_MS = 5000;

export const GEO_URL = import.meta.env.VITE_GEO_URL?.trim() || '/api/geo';

export interface GeoState {
  location: DetectedLocation;
  status: 'idle' | 'loading' | 'done';
}

export const geoStore = createStore<GeoState>()(() => ({ location: NO_LOCATION, status: 'idle' }));

async function fetchGeo(): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GEO_TIMEOUT_MS);
  try {
    const response = await fetch(GEO_URL, { headers: { accept: 'application/json' }, signal: controller.signal, credentials: 'omit' });
    if (!response.ok) throw new Error(`geolocation answered ${response.status}`);
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
}

function readCache(): DetectedLocation | undefined {
  try {
    return parseCachedLocation(sessionStorage.getItem(GEO_CACHE_KEY));
  } catch {
    return undefined;
  }
}

function writeCache(location: DetectedLocation): void {
  try {
    sessionStorage.setItem(GEO_CACHE_KEY, JSON.stringify(location));
  } catch {
    // storage unavailable: detect again next time
  }
}

let pending: Promise<DetectedLocation> | null = null;

/** Detects the visitor's country once per tab (cached in session storage) and answers it. */
export function ensureLocation(): Promise<DetectedLocation> {
  if (pending) return pending;
  const cached = readCache();
  if (cached) {
    geoStore.setState({ location: cached, status: 'done' });
    pending = Promise.resolve(cached);
    return pending;
  }
  geoStore.setState({ status: 'loading' });
  pending = detectLocation({ fetchGeo, timeZone: browserTimeZone }).then((location) => {
    writeCache(location);
    geoStore.setState({ location, status: 'done' });
    return location;
  });
  return pending;
}

/** The detected location (none until known); starts the detection on first use. */
export function useDetectedLocation(): DetectedLocation {
  useEffect(() => {
    void ensureLocation();
  }, []);
  return useStore(geoStore, (state) => state.location);
}
