import { Check } from 'lucide-react';

/** What a plan lists it gives, as its superadmin wrote it. */
export function FeatureList({ features }: { features: readonly string[] }) {
  if (features.length === 0) return null;
  return (
    <ul className="plan-features">
      {features.map((feature, index) => (
        // Features may repeat a text; their place in the list is what tells them apart.
        <li key={index}>
          <Check aria-hidden size={16} className="plan-feature-icon" />
          <span dir="auto" data-user-text>
            {feature}
          </span>
        </li>
      ))}
    </ul>
  );
}
