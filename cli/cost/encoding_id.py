"""What identifies an offline token count: the bundled encoding's sha256 and the estimator's
version (a count cached under another pair is never used)."""

from __future__ import annotations

ENCODING_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
ESTIMATOR_VERSION = 1
