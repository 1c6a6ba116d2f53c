// Shown while a navigation or submission is pending (only with JS; without it the browser shows progress).
import { useNavigation } from "react-router";

export function LoadingOverlay() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="spinner" />
      <span className="visually-hidden">読込中...</span>
    </div>
  );
}
