import type { z } from 'zod';
import type { weatherCard } from './weather-tool.ts';

const skyWords = { sun: 'Sunny', cloud: 'Cloudy', rain: 'Rain', snow: 'Snow' } as const;

/** The weather card this app draws for `render_weather`, from the arguments its schema checked. */
export function WeatherCard({ city, temperatureC, sky }: z.infer<typeof weatherCard.schema>) {
  return (
    <section className="weather-card" aria-label={`Weather in ${city}`}>
      <h3>{city}</h3>
      <p className="weather-card__temperature">{temperatureC} °C</p>
      <p>{skyWords[sky]}</p>
    </section>
  );
}
