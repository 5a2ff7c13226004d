import type { z } from 'zod';
import type { weatherCard } from './weather-tool.ts';

const skyNames = { sun: 'Sunny', cloud: 'Cloudy', rain: 'Rain', snow: 'Snow' } as const;

/** The browser half of the weather card: the arguments the schema accepted, drawn as a card. */
export function WeatherCard({ city, temperatureC, sky }: z.infer<typeof weatherCard.schema>) {
  return (
    <figure className="weather-card" data-sky={sky}>
      <span className="weather-card__temperature">{Math.round(temperatureC)}°</span>
      <figcaption>
        <strong>{city}</strong>
        <span>{skyNames[sky]}</span>
      </figcaption>
    </figure>
  );
}
