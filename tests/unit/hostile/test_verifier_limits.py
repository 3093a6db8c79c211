"""Hostile input to the verifier (issue 36 items 3 and 4): every input is read in bounded time and
memory, or refused with one line and exit 2.

A text of "1,1,1,…" once took minutes (a lookahead rescanned the rest of the text from every
number), a claim of 20,000 numbers too (a range pattern with two lazy `.*?`), a run of "Inc."
abbreviations too (the sentence splitter searched its growing buffer), and `--text /dev/zero`
read until the kernel killed it. These tests run the full-size inputs and check what came back
(the count of numbers read, the error line), never the clock: a quadratic scan coming back
shows as a test that hangs, not as a flaky threshold.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from cli_inprocess import error_line, run_main

from auditgraph.errors import ConfigError
from auditgraph.verifier.claims import parse_claim
from auditgraph.verifier.limits import MAX_CLAIM_CHARS, MAX_TEXT_BYTES, read_text
from auditgraph.verifier.numbers import find_numbers
from auditgraph.verifier.sentence import split_sentences


# ---------------------------------------------------------------- linear reading
def test_100_kb_of_commas_and_ones_reads_every_number_once():
    text = ",".join(["1"] * 50_000)  # 100 KB
    numbers = find_numbers(text)
    assert len(numbers) == 50_000
    assert {n.text for n in numbers} == {"1"}


def test_numbers_in_parentheses_after_words_are_read_one_by_one():
    text = " ".join(["revenue (1)"] * 20_000)
    assert len(find_numbers(text)) == 20_000


def test_a_claim_of_20000_numbers_is_no_range_and_no_number():
    from auditgraph.errors import ClaimParseError

    with pytest.raises(ClaimParseError, match="is not one number"):
        parse_claim(" ".join(["1"] * 20_000))


def test_a_range_is_still_named_a_range():
    from auditgraph.errors import ClaimParseError

    with pytest.raises(ClaimParseError, match="is a range"):
        parse_claim("$1.2 to $1.3 billion")


def test_a_run_of_abbreviations_is_one_sentence():
    text = "Acme Inc. " * 40_000
    assert len(split_sentences(text)) == 1
    assert split_sentences("Acme Inc. reported revenue of $5 million. The U.S. market grew.") == [
        "Acme Inc. reported revenue of $5 million.",
        "The U.S. market grew.",
    ]


# ---------------------------------------------------------------- bounded reading
def test_dev_zero_is_refused_at_the_limit():
    with pytest.raises(ConfigError, match=rf"/dev/zero: more than {MAX_TEXT_BYTES:,} bytes of text"):
        read_text("/dev/zero")


def test_a_file_over_the_limit_is_refused_and_one_at_the_limit_is_read(tmp_path: Path):
    f = tmp_path / "release.txt"
    f.write_text("Revenue was $5 million. " * 10, encoding="utf-8")
    size = f.stat().st_size
    assert read_text(f, limit=size).startswith("Revenue was $5 million.")
    with pytest.raises(ConfigError, match=f"release.txt: more than {size - 1:,} bytes"):
        read_text(f, limit=size - 1)


def test_a_fifo_with_an_endless_writer_is_refused(tmp_path: Path):
    fifo = tmp_path / "f.txt"
    os.mkfifo(fifo)

    def write() -> None:
        try:
            with open(fifo, "wb") as w:
                while True:
                    w.write(b"1," * 4096)
        except (BrokenPipeError, OSError):
            pass  # the reader gave up: what we want

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    with pytest.raises(ConfigError, match="more than 100,000 bytes"):
        read_text(fifo, limit=100_000)
    writer.join()


def test_binary_text_is_one_line_about_utf8(tmp_path: Path):
    f = tmp_path / "x.bin"
    f.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="cannot read it as UTF-8 text"):
        read_text(f)


# ---------------------------------------------------------------- the command line: one line, exit 2
def test_verify_text_dev_zero_exits_2(capsys: pytest.CaptureFixture):
    code, _, err = run_main(capsys, "verify", "--filing", "ANY", "--text", "/dev/zero")
    assert code == 2
    assert error_line(err).startswith(f"error: /dev/zero: more than {MAX_TEXT_BYTES:,} bytes of text")


def test_verify_claim_of_20000_numbers_exits_2(capsys: pytest.CaptureFixture):
    claim = " ".join(["1"] * 20_000)
    code, _, err = run_main(capsys, "verify", "--filing", "ANY", "-q", "What was revenue in 2023?", "-c", claim)
    assert code == 2
    assert error_line(err) == (
        f"error: the claim has {len(claim):,} characters; give one sentence of at most {MAX_CLAIM_CHARS:,} "
        "(use --text FILE for a document)"
    )


def test_verify_long_sentence_and_question_exit_2(capsys: pytest.CaptureFixture):
    long = "Revenue was $1 million. " * 100
    code, _, err = run_main(capsys, "verify", "--filing", "ANY", long)
    assert code == 2 and "the sentence has 2,400 characters" in error_line(err)
    code, _, err = run_main(capsys, "verify", "--filing", "ANY", "-q", long, "-c", "$1 million")
    assert code == 2 and "the question has 2,400 characters" in error_line(err)
