import { Chat } from './chat';

export default function Home() {
  return <Chat />;
}
