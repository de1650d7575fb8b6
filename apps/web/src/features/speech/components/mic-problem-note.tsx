import { useTranslation } from 'react-i18next';
import { MicOff, X } from 'lucide-react';
import { IconButton } from '../../../ui/icon-button';
import type { MicProblem } from '../recording';
import '../speech.css';

const KEYS: Record<MicProblem, string> = {
  insecure: 'speech.problem.insecure',
  unsupported: 'speech.problem.unsupported',
  denied: 'speech.problem.denied',
  'no-device': 'speech.problem.noDevice',
  busy: 'speech.problem.busy',
  'no-engine': 'speech.problem.noEngine',
  'too-large': 'speech.problem.tooLarge',
};

/** Why the microphone cannot work here, in the member's language, until they close it. */
export function MicProblemNote({ problem, onClose }: { problem: MicProblem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <p className="mic-problem" role="alert">
      <MicOff aria-hidden size={16} />
      <span>{t(KEYS[problem])}</span>
      <IconButton small label={t('common.close')} onClick={onClose}>
        <X aria-hidden size={16} />
      </IconButton>
    </p>
  );
}
