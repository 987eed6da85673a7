"""The name of what an abstract introduces: its method, system, model, dataset or benchmark.

Authors announce a name in a few ways: "we propose SMART-R1, a ...", "a framework termed
Complementary Conformal Selection (CONST)", "we call it Apprentice", "MOSAIC maintains
...". Each name-shaped word is scored by the contexts it appears in; names of other
people's work ("variants like GRPO", "on ImageNet") and everyday acronyms (LLM, CNN, RL)
score low or not at all. Of the names that score enough, a small learned model
(`name_model.json`, trained by `scripts/train_derive.py` on the developing split only)
chooses the paper's own from how each is used and its shape: SPGNet, not its SPG module.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

# A word that could be a name: letters and digits, joined by - + ^ . or _ inside, a + at the end.
_WORD = r"[A-Za-z0-9][A-Za-z0-9]*(?:[\-\u2011^.+_’][A-Za-z0-9]+)*\+*"
WORD = re.compile(rf"(?<![\w\-\u2011])({_WORD})(?![\w\-\u2011])")

# Name-shaped: two capitals (ReasoNet, SGDR, CyCADA), a capital and a digit (SMART-R1,
# Seq2SQL), or a lower-case start with a capital inside (beta-VAE, i-RevNet, wav2Vec).
_SHAPED = re.compile(r"^(?:.*[A-Z].*[A-Z0-9]|.*[0-9].*[A-Z]|[a-z][^A-Z]*[A-Z]).*$")

# Everyday terms and other people's famous work: never the paper's own name.
_COMMON_WORDS = """
    AI ML DL NLP CV RL IRL MARL LLM LLMs VLM VLMs MLLM MLLMs LVLM LVLMs LM LMs PLM PLMs SLM
    DNN DNNs CNN CNNs ConvNet ConvNets RNN RNNs GNN GNNs GCN GCNs GAN GANs VAE VAEs LSTM
    LSTMs GRU GRUs MLP MLPs ViT ViTs BERT RoBERTa GPT GPT-2 GPT-3 GPT-4 GPT-4o GPT-4V
    ChatGPT LLaMA Llama Llama-2 Llama-3 T5 CLIP SAM SAM2 DINO DINOv2 ResNet ResNets
    ResNet-50 VGG AlexNet U-Net UNet Transformer Transformers SGD Adam AdamW PPO DPO GRPO
    TRPO DQN RLHF RLVR RLAIF SFT RFT MDP MDPs POMDP POMDPs SOTA IoU RoI RoIs ROI mAP FID BLEU ROUGE
    METEOR CIDEr GPU GPUs CPU CPUs TPU API APIs ImageNet ImageNet-1K CIFAR CIFAR-10
    CIFAR-100 MNIST COCO MS-COCO KITTI nuScenes Cityscapes ADE20K SQuAD GLUE SuperGLUE MMLU
    GSM8K MATH HumanEval WMT ShapeNet ModelNet ScanNet OpenAI NeurIPS ICLR ICML CVPR ACL
    EMNLP AAAI 2D 3D 4D 6D 1D RGB RGB-D CoT ICL RAG KV QA VQA OCR ASR TTS NER POS SQL PDE
    PDEs ODE ODEs SDE SDEs MCMC EM KL IID OOD IoT NP NP-hard PAC MSE MAE LoRA MoE ReLU GELU
    BN SVM SVMs PCA ICA TD TD3 SAC DDPM DDIM LDM NeRF NeRFs SDF SLAM LiDAR MRI CT EEG fMRI
    ECG DNA RNA USD GB MB TB FLOPs FPS HD 4K I II III IV US UK EU PhD NLU NLG NMT MT MCTS
    MTL KG KGs KGE KGC DA NLI RE SRL TOD DST ODQA MRC ABSA ERM GP GPs BO HMM HMMs CRF CRFs
    LDA TF-IDF BoW MLE MAP ELBO VI SVI HMC SGLD RKHS NTK PSD SVD AE AEs DAE FL DP HE ZSL FSL
    GZSL UDA DG ReID SR SISR HDR MOT VOS SOD FPN RPN NMS BEV SfM MVS CAD AR VR MLM CLM OpenIE
    NAS IL BC GAIL HRL MBRL MPC LQR CTR RecSys CF MF NMF GMM GMMs KNN kNN k-NN SNN SNNs ANN
    ANNs SoTA E2E ITE CATE ATE DAG DAGs SAE SAEs EBM EBMs NF NFs CNF PINN PINNs FNO GPT-3.5
    GPT-5 o1 R1 NN NNs DS-RE OIE LFMs SPL ST SSL REINFORCE Q-learning A3C A2C DDPG
    SARSA XGBoost GloVe ELMo XLNet ALBERT DeBERTa BART Qwen Qwen2 Qwen2.5 Qwen3 DeepSeek
    DeepSeek-R1 DeepSeek-V3 Gemini GPT-4.1 DALL-E YOLO R-CNN Mask-RCNN StyleGAN StyleGAN2 ADMM AL
    Re-ID re-ID ReID Re-Id BQ UCB VIO HOI WER CER PESQ AC
"""
COMMON = frozenset(_COMMON_WORDS.split())

# Verbs that introduce the paper's own contribution, and words that name it.
_INTRODUCE = (
    r"(?:propos|introduc|present|describ|develop|design|build|buil|construct|releas|curat|creat|provid|"
    r"defin|conduct|collect|"
    r"offer|establish|devis|formulat|contribut|open-sourc|launch|unveil)\w*"
)
_CALLED = (
    r"(?:called|named(?:\s+as)?|dubbed(?:\s+as)?|termed|coined|coin|namely|denoted(?:\s+as|\s+by)?|abbreviated(?:\s+as)?|"
    r"entitled(?:\s+as)?|shortened(?:\s+as)?|"
    r"known\s+as|referred\s+to\s+as|acronym|abbreviation)"
)
_ARTICLE = r"(?:(?:a|an|the|our|two|three|this)\s+)?"
_ADJECTIVES = r"(?:(?:new|novel|simple|general|unified|first|efficient|effective|large-scale)\s+)*"

_KINDS = (
    r"(?:method|model|approach|framework|technique|algorithm|system|network|architecture|"
    r"library|tool|toolkit|dataset|benchmark|scheme|procedure|estimator|agent|module|layer|"
    r"loss|objective|strategy|pipeline|paradigm|suite|environment|platform|solution|variant)s?"
)
_STRONG = (
    # "called X", "named X", "which we call X", "we refer to as X", "we call it/our method X"
    re.compile(rf"\b{_CALLED}\s+(?:as\s+)?[\"“'‘]{{0,2}}$"),
    re.compile(
        r"\b(?:we|i)\s+(?:call|name|term|dub|refer\s+to\s+as)\s+(?:(?:it|this|them|(?:our|the|this)"
        r"(?:\s+[\w\-]+){1,6})\s+)?(?:as\s+)?[\"“']?$",
        re.I,
    ),
    re.compile(r"\brefer(?:red)?\s+to\s+as\s+[\"“']?$"),
    # "The proposed method, FastNorm,", "This technique, PACT", "Our network, SpectralNet"
    re.compile(
        rf"\b(?:our|the\s+proposed|this|the\s+resulting|the\s+new)\s+(?:[\w\-]+\s+){{0,2}}"
        rf"{_KINDS},\s+(?:(?:which\s+we\s+(?:call|name|term|dub))\s+)?$",
        re.I,
    ),
    # "our method (SMASH)", "a novel convex estimator MixLasso", "the new Manifold ... GAN ("
    re.compile(
        rf"\b(?:our|the\s+proposed)\s+(?:[\w\-]+\s+){{0,2}}{_KINDS}\s*\(\s*(?:i\.e\.,?\s*)?$",
        re.I,
    ),
    re.compile(rf"\b(?:novel|new|proposed)\s+(?:[\w\-]+\s+){{0,3}}{_KINDS},?\s+[\"“‘]?$", re.I),
    # "we propose a novel pose estimation method, Pix2Pose, that ...": the kind, then the name.
    # "... a novel approach, i.e., SQLNet", "... segmentation method, “SiamDoGe”"
    # (Not what the paper takes from: "answers collected from three datasets, ELI5, WebGPT".)
    re.compile(
        rf"\b{_INTRODUCE}\s+(?:(?!(?:from|on|across|over|using|with|against|such|other|"
        rf"existing|public|standard|popular)\b)[\w\-]+\s+){{0,6}}{_KINDS},\s+(?:i\.e\.,?\s+)?"
        r"[\"“‘]?$"
    ),
    # "we propose two new conditional GAN architectures: CausalGAN and ..."
    re.compile(rf"\b{_INTRODUCE}\s+(?:[\w\-]+\s+){{0,6}}[\w\-]+:\s+$"),
)
# "We denote the stream trained using this loss as Motion-Augmented RGB Stream (MARS)"
_DENOTED = re.compile(
    r"\b(?:[Ww]e|I)\s+(?:denote|call|name|term|dub)\s+[^.;:]{3,80}?\s+as\s+[\"“']?$"
)
# "as we propose in this work—FastGCN", "we contribute the first database ... - ApolloCar3D"
_DASHED = re.compile(rf"\b{_INTRODUCE}\b[^.;:()]{{0,100}}?(?:\s?[—–]\s?|\s-\s)$")


# What other authors introduced: "Neyshabur and Srebro proposed SIMPLE-LSH", "Smith et al.
# (2019) introduced the X dataset".
_OTHERS_INTRODUCE = re.compile(
    r"(?:\bet\s+al\.?(?:,?\s*\(?\d{4}\)?)?|\b[A-Z][a-z]+\s+(?:and|&)\s+[A-Z][a-z]+|\(\d{4}\)|"
    r"\b(?:[Aa]uthors|[Rr]esearchers|[Tt]hey|[Oo]thers))\s+(?:\w+ly\s+)?(?:have\s+|has\s+)?"
    rf"{_INTRODUCE}\s+(?:[\w\-]+\s+){{0,4}}[\"“‘]?$"
)
# "namely" after what the field already has lists it, naming nothing of the paper's own:
# "tools that are common in numerical linear algebra, namely Householder reflectors".
_LISTED = re.compile(
    r"\b(?:common|commonly\s+used|standard|existing|known|well-known|classical|classic|conventional|"
    r"popular|widely\s+used|off-the-shelf|traditional)\b[^.;,]{0,50},?\s+namely,?\s+[\"“']?$",
    re.I,
)


def _strong(before: str) -> bool:
    """Whether the words before a name introduce it as the paper's own, by name."""
    if _LISTED.search(before):
        return False
    if any(p.search(before) for p in _STRONG):
        return True
    end = before.rstrip(" \"“‘'")
    if end.endswith(" as"):  # the two rarer forms only where they can end
        return _DENOTED.search(before) is not None
    return end[-1:] in ("—", "–", "-") and _DASHED.search(before) is not None


# "the recently released WikiSQL dataset": someone else's, introduced before.
_INTRO = re.compile(
    rf"(?<!recently\s)(?<!previously\s)(?<!newly\s)\b{_INTRODUCE}\s+(?:here\s+|in\s+this\s+\w+\s+)?{_ARTICLE}{_ADJECTIVES}[\"“‘']?$"
)
# "we propose a novel, enhanced rational function, ERA, and ...", "Our method of semantic image
# augmentation for object detection, SemAug, starts by ...": the kind, what it is, then the
# name set off by commas (`_SET_OFF` after it); not a list of what it is evaluated on.
_APPOSED = re.compile(
    rf"\b(?:{_INTRODUCE}|[Oo]ur|the\s+proposed)\s+[^.;:()]{{0,60}}?\b(?:{_KINDS}|functions?|"
    r"measures?|metrics?|regularizers?|operators?|criteri(?:on|a))\b"
    r"(?:(?!\s(?:on|than|over|against|like|including|e\.g|such))[^.;:(),]){0,90},\s+$"
)
_SET_OFF = re.compile(r"^\s*(?:,\s+[a-z]|\(\s*[a-z])")
# The paper's own verb right before the name and what the name does right after: "we propose
# KING, which generates ...", "we introduce Tailor, a system ...".
_WE_PROPOSE = re.compile(
    r"\b(?:[Ww]e|[Tt]his\s+(?:paper|work))\s+(?:\w+ly\s+|also\s+|then\s+)?(?:propose|introduce|"
    r"present|proposes|introduces|presents)\s+$"
)
_WHICH_DOES = re.compile(r"^,\s+(?:which|that)\s+(?:\w+ly\s+)?[a-z]{3,}s\b|^,\s+(?:a|an)\s")
# "we propose a neural model EPT-X": the kind, then the name, no comma.
_INTRO_KIND = re.compile(rf"\b{_INTRODUCE}\s+{_ARTICLE}(?:[\w\-]+\s+){{0,3}}{_KINDS}\s+$")
_OURS = re.compile(
    r"\b(?:(?:our|the\s+proposed|the\s+resulting|this)\s+(?:[a-z][\w\-]*\s+)?|(?:effectiveness|"
    r"efficacy|superiority|advantages?|merits?|benefits?|novelty|strengths?)\s+of\s+)$",
    re.I,
)
_BORROWED = re.compile(
    r"\b(?:like|as|e\.g\.,?|i\.e\.,?|such\s+as|including|on|using|use|uses|with|from|than|"
    r"over|via|to|of|and|or|vs\.?|versus|by|in|both)\s+(?:the\s+)?$",
    re.I,
)
# After the name: an appositive "X, a ..." or "X is a/an ...", "X achieves", "X (...)".
_APPOSITIVE = re.compile(
    r"^\)?[\"”’']?\s*(?:\([^()]{0,80}\)\s*)?(?:,\s*(?:a|an|the|our)\b|:\s*(?:a|an|the)\b|"
    r"\s+is\s+(?:a|an|proposed|introduced|presented)\b|\s+[—–-]\s*(?:a|an|the)\b|"
    r",\s*(?:which|that)\s+(?:is|uses|learns|leverages|combines|achieves))",
    re.I,
)
_ACTS = re.compile(
    r"^\)?\s+(?:achieves|outperforms|significantly|consistently|surpasses|improves|reduces|"
    r"enables|attains|sets|maintains|yields|delivers|exhibits|can|also|further|allows|uses|"
    r"learns|leverages|exploits|provides|combines|employs|consists|contains|relies|performs|"
    r"generates|produces|operates|builds|computes|requires|naturally|alleviates|scales|"
    r"obtains|offers|is\s+(?:able|capable|based|designed|trained|built)|has|integrates|"
    r"introduces|incorporates|models|captures|addresses|avoids|makes|runs|works)\b"
)
# The subject of a sentence: "GibbsNet is", "Feat2Vec calculates", "ChannelNets use".
_SUBJECT = re.compile(
    r"^\)?\s+(?:\w+ly\s+)?(?:is|are|has|have|can|could|will|does|was|[a-z]{3,}(?:es|s|ed))\b"
)
# Where the paper starts speaking of its own work; before it, the field's background.
_CLAIM = re.compile(r"\b(?:[Ww]e|[Tt]his\s+(?:paper|work|study)|[Oo]ur|[Hh]ere,?\s+we)\b")
# A plain capitalized word introduced as a name: "Espresso is a compact ... library".
_WORD_IS_A = re.compile(r"(?:^|[.!?]\s+)([A-Z][a-z]{2,}[\w\-]*)\s+is\s+an?\s")
_ESTABLISHED = re.compile(
    r"(?:widely|commonly|frequently|popular|standard|well-known|well\s+known|classic|classical|"
    r"prevalent|established|de\s+facto|common|famous|traditional|conventional)\b",
    re.I,
)
# What a paper extends is not its own: "an extension of the Multinomial Logit (MNL) model".
_EXTENDS = re.compile(
    r"\b(?:extensions?|variants?|generali[sz]ations?|versions?|modifications?|improvements?|"
    r"adaptations?)\s+(?:of|on|over|to)\s+(?:the\s+|a\s+|an\s+)?$",
    re.I,
)
# A model the paper works on, not its own: "we fine-tune a sequence-based BERT and a lightweight
# DistilBERT model", "we probe X" (a paper evaluates and analyses its own method too).
_WORKS_WITH = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:\w+ly\s+)?(?:fine-?tune|finetune|probe|attack)\b"
    r"[^.;:!?]*$",
    re.I,
)
_NOT_NAMES_WORDS = """
    The A An This It Our We Its These In That There Here What Which One Each Such Learning
    Training Inference Deep Machine Data Recent Existing However Moreover Furthermore Finally
    Specifically Additionally Another Most Many Some Any Every Neither Either First Second Third
    Gaussian Bayesian Markov Euclidean Lipschitz Hessian Riemannian Boltzmann Monte Carlo
    Langevin Newton Fourier Laplacian Wasserstein Hamiltonian Bellman Nash Shapley Kalman
    Stein Fisher Bregman Laplace Gumbel Dirichlet Poisson Bernoulli Gibbs Nesterov Sinkhorn
    Hilbert Bayes Jacobian Lagrangian Hebbian Hopfield Wiener Chebyshev Cauchy Shannon Tikhonov
    Mahalanobis Kronecker Hadamard Cholesky Krylov Lanczos Metropolis Thompson Weibull Jensen
"""
_NOT_NAMES = frozenset(_NOT_NAMES_WORDS.split())
# "Long Descriptive Phrase (NAME)": the expansion of an acronym the paper defines.
_EXPANDED = re.compile(r"((?:[A-Za-z0-9][\w\-\u2011]*)(?:\s+[A-Za-z][\w\-\u2011]*){1,9})\s*\(\s*$")
# An intro verb a few words before an expansion: "develop a spike feature Spatial-Temporal ..."
# (Not someone else's before it: "The recently proposed distributional approach to RL (DiRL)".)
_INTRO_NEAR = re.compile(
    rf"(?<!recently\s)(?<!previously\s)(?<!originally\s)(?<!newly\s)\b{_INTRODUCE}\s+"
    rf"(?:[\w\-]+\s+){{0,4}}$",
    re.I,
)
# An intro verb a few words before an acronym: "presenting a predictive recurrent network (PredRNN"
# (Not across what others have: "our proposed method ... other modifications of SRP, such as
# Super-Bit LSH (SBLSH)".)
_INTRO_PAREN = re.compile(
    rf"\b(?:{_INTRODUCE}|{_CALLED}|[Ww]e\s+(?:also\s+)?train)\s+"
    r"(?:(?!(?:such\s+as|like|e\.g\.,?|including|other|than|compared)\s)[\w\-,.]+\s+){0,14}"
    r"[\w\-]+\s*\($"
)
_RUN_START = re.compile(
    rf"\b{_INTRODUCE}\s+(?=[A-Z])|\b{_CALLED}\s+(?:as\s+)?[\"“]?(?=[A-Z])|"
    rf"(?P<kind>\b(?:{_INTRODUCE}\s+(?:[\w\-]+\s+){{0,8}}|"
    rf"(?i:our|the\s+proposed|this)\s+(?:[\w\-]+\s+){{0,2}}){_KINDS},\s+(?=[A-Z]))",
)
# What follows a name set off by commas: ", which", ", for", " (", " consists".
_AFTER_RUN = re.compile(
    r"^(?:\s*\(|,\s*(?:a|an|the|which|that|for|to|with|our|can|is|achieves)\b|\s+(?:is|consists|achieves|"
    r"can|uses|learns|outperforms|improves)\b)"
)
# "Social Agents", "Augmented CycleGAN", "Mix and Match LM": capitalized words, "and" or "of"
# between two of them.
_CAPITALIZED_RUN = re.compile(
    r"(?:[A-Z][\w\-\u2011]*)(?:\s+(?:(?:and|of|&)\s+(?=[A-Z]))?[A-Z][\w\-\u2011]*){0,3}"
)


_NAMED_WORD = re.compile(
    rf"(?:\b{_CALLED}\s+(?:as\s+)?|\b[Ww]e\s+(?:call|name|term|dub|coin|refer\s+to\s+as)\s+"
    r"(?:(?:it|this|them|our\s+\w+)\s+)?)"
    r"[\"“'‘]{0,2}([A-Z][a-z][\w\-]*)(?![\w\-]|\s+[A-Z])"
    # The name ends there, not a phrase going on: "called Maximum a-posteriori Policy ...",
    # "called Replicate and Link", "known as Poisson log-normal (PLN)".
    r"(?!\s+(?:a|an|and|or|of|the|[a-z]+-[a-z]+)\b)"
)


# A plain capitalized word beside the kind of thing the paper proposes: "Our method, Sever,
# possesses", "we propose the Transkimmer architecture".
_KIND_WORD = re.compile(
    rf"(?:\b(?i:our|the\s+proposed)\s+(?:[\w\-]+\s+){{0,2}}{_KINDS},\s+([A-Z][a-z][\w\-]*)(?=,)|"
    rf"\b{_INTRODUCE}\s+the\s+([A-Z][a-z][\w\-]*)\s+(?:[a-z]+\s+)?{_KINDS}\b)"
)


# "PArameterized", "GRaph": capitals typed to spell an acronym, not a name.
_SHOUTED = re.compile(r"^[A-Z]{2}[a-z]{4,}$")
# The paper's code: the last part of its address ("github.com/owner/BoundaryFace").
_REPOSITORY = re.compile(r"(?:github\.com|gitlab\.com|gitee\.com|huggingface\.co)/[\w\-./]+/$")


@dataclass(frozen=True)
class Name:
    """A name the abstract introduces, and the expansion it was given, if any."""

    text: str
    expansion: str = ""
    #: How strongly the abstract introduces it (the evidence `find_name` weighed).
    score: float = field(default=0.0, compare=False)
    #: The evidence for the next best name, and how many names had any: a doubt about which.
    runner_up: float = field(default=0.0, compare=False)
    rivals: int = field(default=0, compare=False)
    #: Whether the abstract makes it its own ("we propose X", "called X", "X, a ...", "our
    #: X", its code's address), not only uses it: only such a name may lead a title.
    own: bool = field(default=True, compare=False)
    #: Whether the abstract introduces it in so many words ("we propose X", "called X", its
    #: code's address), not only acts with it ("X achieves").
    introduced: bool = field(default=True, compare=False)


#: The uses that make a name the paper's own.
_OWN_USE_NAMES = "strong introduced ours given run named word_is_a repository defined"
OWN_USES = frozenset(_OWN_USE_NAMES.split())
#: The uses that introduce it in so many words.
INTRODUCED_USES = frozenset(["strong", "given", "run", "named", "defined"])

_SENTENCE_WORDS = frozenset(
    ["We", "This", "Our", "The", "A", "An", "In", "To", "That", "It", "Here", "These", "Its"]
)
# A name-shaped word that is not a name: a number format, a site, "-based", a glued pair.
_NOT_A_NAME = re.compile(
    r"^(?:(?:BF|FP|INT|TF|UINT|FP8|E4M3|E5M2)\d*|\d+-?bits?|GitHub|GitLab|URLs?|HTTPS?|"
    r"[\w\-]+-(?:based|like|style|free|aware|driven|guided|specific|level|wise|only|type)|"
    r".*[a-z]\.[A-Za-z].*|"
    # Dimensions and degrees of freedom, not names: "2D-2D point matches", "3D-2D", "6-DoF".
    r"(?:\d+(?:\.\d+)?D|\d+-?DoF)(?:-(?:\d+(?:\.\d+)?D|\d+-?DoF))*)$",
    re.I,
)
_COMMON_FOLDED = frozenset(w.casefold() for w in COMMON)
# Someone else's work, measured against: "compared to X", "outperforms X", "than X".
_COMPARED = re.compile(
    r"\b(?:compared\s+(?:to|with)|than|outperform\w*|surpass\w*|over|against|baselines?|"
    r"such\s+as|e\.g\.,?|like|including|previous|prior|existing|state-of-the-art)\s+(?:the\s+)?"
    r"(?:[\w\-]+,?\s+){0,2}$",
    re.I,
)
# A dataset or benchmark: "X, a dataset of", "the X dataset", "on X".
_DATA = re.compile(
    r"^\)?[\"”’']?\s*(?:,\s*(?:a|an|the)\s+(?:[\w\-]+\s+){0,3})?(?:dataset|benchmark|corpus|suite|"
    r"challenge|test\s+set)s?\b",
    re.I,
)
_DATA_BEFORE = re.compile(
    r"\b(?:on|datasets?|benchmarks?|corpus|corpora)\s+(?:the\s+|such\s+as\s+|including\s+)?$",
    re.I,
)


def _others(word: str) -> bool:
    """A common term in another case or plural ("ADAM", "BNNs"), or not a name at all."""
    folded = word.casefold()
    return (
        folded in _COMMON_FOLDED
        or (folded.endswith("s") and folded[:-1] in _COMMON_FOLDED)
        or _NOT_A_NAME.match(word) is not None
    )


# "Meta-Sim", "L-Tracing", "E-Graph": capitalized parts joined, a name only where introduced.
_JOINED = re.compile(r"^[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+$")


def _shaped(word: str) -> bool:
    """Looks like a coined name: in one of its hyphen-joined parts, not just capitalized."""
    if len(word) < 2 or word.isdigit():
        return False
    if word.endswith("+") and any(c.isupper() for c in word):
        return True  # "Flow++", "HiStruct+"
    return any(
        _SHAPED.match(part) is not None and _SHOUTED.match(part) is None for part in word.split("-")
    )


def _last_words(text: str, count: int) -> str:
    """The end of the text holding its last `count` words: `_EXPANDED` spans at most ten words
    and "(", so searching there finds what searching the whole text does, many times faster."""
    seen = 0
    for at in range(len(text) - 1, 0, -1):
        if text[at].isspace() and not text[at - 1].isspace():
            seen += 1
            if seen == count:
                return text[at:]
    return text


def _expansion(before: str, name: str) -> str:
    """The words an acronym abbreviates, if the text right before `(NAME` spells them."""
    match = _EXPANDED.search(_last_words(before[-160:], 12))
    if not match:
        return ""
    words = match.group(1).split()
    # From the right: the capitalized words and the small words between them.
    kept: list[str] = []
    lower = 0
    for word in reversed(words[-10:]):
        if word[:1].isupper():
            kept.insert(0, word)
            lower = 0
        elif kept and word.islower() and lower < 2:
            kept.insert(0, word)
            lower += 1
        else:
            break
    # "We propose the Wasserstein Auto-Encoder (WAE": the sentence's own words go.
    while kept and (not kept[0][:1].isupper() or kept[0] in _SENTENCE_WORDS):
        kept.pop(0)
    # "a new online VIS paradigm named Instance As Identity (IAI": it starts on the I.
    while len(kept) > 2 and kept[0][:1].upper() != name[:1].upper():
        kept.pop(0)
        while kept and not kept[0][:1].isupper():
            kept.pop(0)
    if len(kept) < 2 or kept[0][:1].upper() not in name.upper():
        return _initials(words, name)
    return " ".join(kept)


_PLAIN_WORD = re.compile(r"^[A-Za-z][a-z]*(?:-[A-Za-z][a-z]*)*$")


# A verb that proposes, in its verb forms only (not "collective", "presentation").
_PROPOSING_VERB = re.compile(
    r"(?:propos|introduc|present|describ|develop|design|construct|defin|formulat|devis|creat|"
    r"provid)(?:e|es|ed|ing|s)?"
)


def _initials(words: list[str], name: str) -> str:
    """Lower-case words whose initials spell the acronym's capitals, in order:
    "conditional adversarial generative flow (CAGlow", "position-aware relation network (PARN"."""
    capitals = [c.lower() for c in name if c.isupper()]
    if len(capitals) < 2:
        return ""
    for size in range(2, min(len(words), len(capitals) + 2) + 1):
        chosen = words[-size:]
        if not all(_PLAIN_WORD.match(w) for w in chosen) or chosen[0][:1].lower() != capitals[0]:
            continue
        # The verb that proposes it is none of its words: "propose proximal backpropagation".
        if _PROPOSING_VERB.fullmatch(chosen[0].lower()):
            continue
        initials = iter(part[:1].lower() for w in chosen for part in w.split("-"))
        if all(c in initials for c in capitals):  # a subsequence: each capital in turn
            return " ".join(chosen)
    return ""


def _own_common(before: str, word: str) -> bool:
    """A common term the paper spells out as its own: "an approach called Cooperative Training
    (CoT)"."""
    if not before.endswith("("):
        return False
    expansion = _expansion(before[:-1].rstrip() + " (", word)
    head = before[: before.rfind(expansion)] if expansion else ""
    return bool(expansion) and any(p.search(head) for p in _STRONG[:3])


# "NAME (Words It Stands For)": the expansion after the name.
_SPELLED_AFTER = re.compile(r"^\s*\(\s*(?P<words>[A-Za-z][\w\-]*(?:\s+[\w\-]+){1,8})\s*\)")


def _plain_name(before: str, after: str, word: str) -> str | None:
    """A capitalized word the paper gives as its name, and its expansion if any ("" if none):
    its code's address ("github.com/owner/Poseur"), or the acronym of words it introduces
    ("called Structure Co-Occurrence Texture (Scoot)"); None when it is a plain word."""
    if word in _NOT_NAMES or word.upper() in COMMON:
        return None
    if before.endswith("/") and _REPOSITORY.search(before) and not after[:1].isalnum():
        return ""
    if not before.endswith("(") or not re.match(r"\s*\)", after):
        return None
    expansion = _expansion(before[:-1].rstrip() + " (", word)
    head = before[: before.rfind(expansion)] if expansion else ""
    if expansion and (_INTRO_NEAR.search(head) is not None or _strong(head)):
        return expansion
    return None


@dataclass(frozen=True)
class Found:
    """A name-shaped word and the evidence the abstract gives for it."""

    text: str
    score: float
    first_at: int
    expansion: str
    #: How often it is used each way: "strong", "introduced", "borrowed", "dataset", ...
    uses: Counter[str]
    #: Spelled out as the field's term, not where the paper proposes it.
    field_term: bool


# Before a technique the paper uses, not names: "we propose to employ Optimal Transport (OT)".
_TOOL = re.compile(
    r"\b(?:employ|employs|employing|use|uses|using|adopt|adopts|adopting|utili[sz]e|utili[sz]es|"
    r"utili[sz]ing|leverage|leverages|leveraging|apply|applies|applying|exploit|exploits|"
    r"exploiting|borrow|borrows|borrowing|resort\s+to|rely\s+on|relies\s+on|based\s+on)\s+"
    r"(?:(?:the|a|an)\s+)?(?:[\w\-]+\s+){0,2}$",
    re.I,
)


def _borrowed_term(text: str, expansion: str) -> bool:
    """Whether an acronym the abstract spells out names a technique it uses, not its own: the
    words after "employ", "use", "leverage" ("we propose to employ Optimal Transport (OT)")."""
    at = text.find(expansion) if len(expansion.split()) >= 2 else -1
    if at < 0:
        return False
    # A problem or task is no method of one's own: "Quadratic assignment problem (QAP)".
    problem = expansion.split()[-1].lower() in {"problem", "problems", "task", "tasks"}
    return problem or _TOOL.search(text[max(0, at - 80) : at]) is not None


_WHOLE = r"(?:framework|method|model|system|approach|network|architecture|pipeline|algorithm)"
_PART = (
    r"(?:operator|module|layer|loss|block|unit|mechanism|component|head|branch|cell|"
    r"regularizer|term|function)"
)


def _names_kind(word: str, text: str, kind: str) -> bool:
    """Whether the abstract names a thing of this kind so: "the proposed ... framework
    TextDragon", "a new differentiable operator named RoISlide"."""
    before = _KIND_BEFORE[kind]
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        after = text[end : end + 1]
        if not after.isalnum() and after != "-" and before.search(text[max(0, at - 40) : at]):
            return True
        at = text.find(word, at + 1)
    return False


_KIND_BEFORE = {
    kind: re.compile(
        rf"\b{kind}s?,?\s+(?:(?:called|named|dubbed|termed|coined)\s+(?:as\s+)?)?[\"“']?$"
    )
    for kind in (_WHOLE, _PART)
}


# What a name grows by: "++", "-Net", "Track", "v2".
_GROWN = re.compile(r"\+{1,2}|[\-\u2011][\w\-]+|[A-Z][a-z][\w\-]*|v?\d[\w.]*")


def find_name(text: str) -> Name | None:
    """The name the abstract introduces for its own contribution, or None."""
    every = evidence(text)
    found = [f for f in every if f.score >= 3.0]
    if not found:
        return None
    weights = _name_weights()
    # The chooser tells the paper's own name from the baselines and datasets beside it.
    chances = {f.text: chooser_score(f, every, text, weights) for f in found}
    best = max(found, key=lambda f: (chances[f.text], f.score, -f.first_at))
    # The name of a part gives way to the name of the whole: "we call the proposed text spotting
    # framework TextDragon ... we propose a new differentiable operator named RoISlide".
    if _names_kind(best.text, text, _PART):
        whole = next(
            (f for f in found if f is not best and _names_kind(f.text, text, _WHOLE)), None
        )
        best = whole or best
    # A name made from another, which the paper calls its own by name, is the whole: "our
    # network called PointNet++" over PointNet, "a tracker, named AiATrack" over its module AiA
    # (not a baseline "called DANCE" beside the paper's DAN: a name grows at a part's end).
    grown = next(
        (
            f
            for f in found
            if _GROWN.fullmatch(f.text.removeprefix(best.text)) is not None
            and f.text.startswith(best.text)
            and f.uses["strong"]
        ),
        None,
    )
    best = grown or best
    others = [f.score for f in every if f.text != best.text and f.score > 0]
    uses = best.uses
    # "GibbsNet is the best of both worlds", "Feat2Vec calculates": the subject of the paper's
    # own sentences, never compared against, never a dataset.
    acting = uses["acts"] and not (uses["compared"] or uses["dataset"] or uses["borrowed"])
    # The code's address names it when the abstract also uses it ("MODE" of ".../MODE-2022"),
    # not a phrase only the address holds (".../DomainGeneralization").
    addressed = uses["repository"] and uses["mentions"] > uses["repository"]
    introduced = addressed or any(uses[use] for use in INTRODUCED_USES)
    own = acting or any(uses[use] for use in OWN_USES)
    if not (uses["strong"] or uses["named"]) and _borrowed_term(text, best.expansion):
        own = introduced = False
    return Name(
        best.text,
        best.expansion,
        best.score,
        max(others, default=0.0),
        len(others),
        own,
        introduced,
    )


def evidence(text: str) -> list[Found]:
    """Every name-shaped word the abstract uses where it speaks of its own work, and how."""
    scores: dict[str, float] = {}
    first_at: dict[str, int] = {}
    expansions: dict[str, str] = {}
    claim = _CLAIM.search(text)
    background = claim.start() if claim else 0
    first_end = text.find(". ") + 1
    defined: dict[str, bool] = {}  # acronyms spelled out: by the paper as its own, or not
    own_part: set[str] = set()  # words used where the paper speaks of its own work
    seen: dict[str, Counter[str]] = {}  # how each name is used, for the chooser
    for match in WORD.finditer(text):
        raw = match.group(1)
        if (
            raw[1:].islower()
            and raw[-1] not in "+."
            and text[match.start(1) - 1 : match.start(1)] not in ("/", "(")
        ):
            continue  # a plain word ("learning", "Learning") is no name: most words, at once
        # "i-RevNet’s", "github.com/owner/SuperLine3D.git": the name itself
        word = raw.rstrip(".")
        for ending in ("’s", ".git"):
            word = word.removesuffix(ending)
        start, end = match.start(1), match.start(1) + len(word)
        # One half of a name joined by a slash is not the name: "MS" of "MS/HS Fusion Net".
        if text[end : end + 1] == "/" and text[end + 1 : end + 2].isupper():
            continue
        # The code's address names the paper's own work: "github.com/owner/MODE-2022" is MODE
        # where the abstract uses MODE.
        repository = (
            text[start - 1 : start] == "/"  # the pattern ends on it: most words are no address
            and _REPOSITORY.search(text[max(0, start - 160) : start]) is not None
            and text[end : end + 1] != "/"
        )
        # The longest part of the address the abstract uses: FC-AIDE of "FC-AIDE-Keras".
        parts = word.split("-") if repository else [word]
        head = next(
            (
                "-".join(parts[:k])
                for k in range(len(parts) - 1, 0, -1)
                if re.search(rf"(?<![\w\-/]){re.escape('-'.join(parts[:k]))}(?![\w\-])", text)
            ),
            parts[0],
        )
        if (
            repository
            and head != word
            and re.search(rf"(?<![\w\-/]){re.escape(head)}(?![\w\-])", text)
        ):
            word, end = head, start + len(head)
        plain = word[1:].islower() and not word.endswith("+")  # "low++" is lower case
        # A plain word is a name only right after "/" (an address) or "(" (an acronym).
        if plain and word[:1].isupper() and text[start - 1 : start] in ("/", "("):
            given = _plain_name(text[max(0, start - 160) : start], text[end:], word)
            if given is not None:
                scores[word] = scores.get(word, 0.0) + 5
                seen.setdefault(word, Counter()).update(("mentions", "given"))
                if repository:
                    seen[word]["repository"] += 1
                first_at.setdefault(word, start)
                own_part.add(word)
                if given:
                    expansions.setdefault(word, given)
                continue
        if plain or _NOT_A_NAME.match(word):
            continue  # "learning", "Learning": words, not names
        before = text[max(0, start - 160) : start]
        if (word in COMMON or word.upper() in COMMON or _others(word)) and not _own_common(
            before, word
        ):
            continue
        after = text[end : end + 80]
        joined = not _shaped(word) and _JOINED.match(word) is not None
        if not _shaped(word) and not joined:
            continue
        score = 0.0 if joined else 1.0
        strong = True
        uses: list[str] = ["mentions"]
        if repository:
            uses.append("repository")
        if _OTHERS_INTRODUCE.search(before):
            strong = False
            uses.append("borrowed")
        elif _strong(before) or (_WE_PROPOSE.search(before) and _WHICH_DOES.match(after)):
            score += 6
            uses.append("strong")
        elif (
            (before.endswith("/") and _REPOSITORY.search(before))
            or _INTRO.search(before)
            or _INTRO_KIND.search(before)
            or _INTRO_PAREN.search(before)
            or (_SET_OFF.match(after) and _APPOSED.search(before))
        ):
            score += 4
            uses.append("introduced")
        else:
            strong = False
            if _OURS.search(before):
                score += 2.5
                uses.append("ours")
            elif _BORROWED.search(before) and not _APPOSITIVE.match(after):
                score -= 1.5
                uses.append("borrowed")
        if _COMPARED.search(before):
            uses.append("compared")
        if not strong and _WORKS_WITH.search(before):
            uses.append("borrowed")
        if _DATA.match(after) or _DATA_BEFORE.search(before):
            uses.append("dataset")
        if before.endswith("("):
            expansion = _expansion(before[:-1].rstrip() + " (", word)
            if expansion:
                expansions.setdefault(word, expansion)
                defined.setdefault(word, False)
                # Defined by the paper as its own when the expansion follows an intro verb.
                head = before[: before.rfind(expansion)]
                if (_INTRO_NEAR.search(head) or _strong(head)) and not _EXTENDS.search(head):
                    score += 4
                    strong = True
                    defined[word] = True
                    uses.append("defined")
        spelled = _SPELLED_AFTER.match(after)
        if spelled and spelled["words"][:1].upper() == word[:1].upper():
            expansions.setdefault(word, spelled["words"])  # "the GILBO (Generative ... BOund)"
            score += 2
        if _APPOSITIVE.match(after):
            score += 3
            uses.append("appositive")
        elif _ACTS.match(after) or _SUBJECT.match(after):
            score += 1.5
            uses.append("acts")
        if joined and not strong:
            continue  # "Vision-Language" is a name only where the paper introduces it
        # The field's terms come before the paper says what it does (unless it starts so).
        opening = start < first_end and background >= first_end
        if not strong and (opening or (start < background and before.endswith("("))):
            score /= 2
        if start < background and before.endswith("(") and not strong:
            defined.setdefault(word, False)  # "Vision-language-action models (VLAs)": the field's
        if start >= background or strong:
            own_part.add(word)
        scores[word] = scores.get(word, 0.0) + score
        first_at.setdefault(word, start)
        seen.setdefault(word, Counter()).update(uses)
    # A name the abstract never uses where it speaks of its own work is the field's, not its own.
    for word in list(scores):
        if word not in own_part:
            del scores[word]
    # A capitalized run right after an intro verb and before ", a": "we introduce Social Agents, a"
    # ... or after the kind and a comma: "a training objective, Neural Graph Machines, for".
    for match in _RUN_START.finditer(text):
        run = _CAPITALIZED_RUN.match(text, match.end())
        if not run:
            continue
        phrase = run.group(0)
        words = phrase.split()
        after = text[run.end() : run.end() + 80]
        if (
            len(words) < 2
            and not _shaped(phrase)
            and not re.match(r"^\s*,\s*(?:a|an|the\s+first)\b", after)
            and not (match.group("kind") and phrase not in _NOT_NAMES)
        ):
            continue
        if _OTHERS_INTRODUCE.search(text[max(0, run.start() - 160) : run.start()]):
            continue
        fits = (
            _APPOSITIVE.match(after)
            or (match.group("kind") and _AFTER_RUN.match(after))
            # "We propose NORM-RANGING LSH, which ...": a name in capitals, word by word.
            or (len(words) > 1 and all(map(_shaped, words)) and _AFTER_RUN.match(after))
        )
        if fits and phrase not in COMMON:
            if words[0] in {"The", "A", "An", "Our", "This", "We", "In"}:
                continue
            scores[phrase] = scores.get(phrase, 0.0) + 7
            first_at.setdefault(phrase, run.start())
            seen.setdefault(phrase, Counter()).update(("mentions", "run"))
            # "Deep ChArUco": the whole name wins over its coined last word.
            last = words[-1]
            if len(words) > 1 and last in scores and _shaped(last):
                scores[phrase] += scores.pop(last)
                first_at[phrase] = min(first_at[phrase], first_at.pop(last))
                seen[phrase].update(seen.pop(last, Counter()))
    # "called Apprentice", "we call it Weightless": a plain capitalized word, named as such.
    for match in (*_NAMED_WORD.finditer(text), *_KIND_WORD.finditer(text)):
        word = next(g for g in match.groups() if g)
        at = match.start(match.lastindex or 1)
        listed = _LISTED.search(text[max(0, at - 120) : at])
        if word not in COMMON and word not in _NOT_NAMES and not _shaped(word) and not listed:
            scores[word] = scores.get(word, 0.0) + 6
            first_at.setdefault(word, match.start(match.lastindex or 1))
            seen.setdefault(word, Counter()).update(("mentions", "named"))
    for match in _WORD_IS_A.finditer(text):
        word = match.group(1)
        if _ESTABLISHED.match(text, match.end()):
            continue  # "Distinct is a widely used metric": the field's, which the paper revisits
        if word not in _NOT_NAMES and word not in COMMON and not _shaped(word):
            scores[word] = scores.get(word, 0.0) + 4
            first_at.setdefault(word, match.start(1))
            seen.setdefault(word, Counter()).update(("mentions", "word_is_a"))
    for word, own in defined.items():
        if not own and word in scores:
            scores[word] -= 2  # a field's term the abstract spells out, not the paper's name
    return [
        Found(
            w,
            scores[w],
            first_at[w],
            expansions.get(w, ""),
            seen.get(w, Counter()),
            defined.get(w) is False,
        )
        for w in sorted(scores, key=lambda w: (-scores[w], first_at[w]))
    ]


NAME_MODEL = Path(__file__).with_name("name_model.json")
USES = [
    "mentions",
    "strong",
    "introduced",
    "ours",
    "borrowed",
    "compared",
    "dataset",
    "defined",
    "appositive",
    "acts",
    "given",
    "run",
    "named",
    "word_is_a",
    "repository",
]
# Coined names often end on what they are: PointNet, CycleGAN, SegFormer, VQA-Bench, R1.
_COINED = re.compile(
    r"(?:Net|Nets|GAN|Former|Bench|Set|BERT|Flow|Seg|Det|Track|Pose|Fusion|Diff|NeRF|SLAM|"
    r"Match|Attack|[0-9])$"
)


def chooser_features(found: Found, rivals: list[Found], text: str) -> dict[str, float]:
    """What tells the paper's own name from the others the abstract uses."""
    word = found.text
    top = max(f.score for f in rivals)
    letters = [c for c in word if c.isalpha()]
    upper = sum(c.isupper() for c in letters) / max(len(letters), 1)
    others = [f.text for f in rivals if f.text != word]
    row = {
        "bias": 1.0,
        "score": min(found.score, 30.0) / 10,
        "score_share": found.score / top if top > 0 else 0.0,
        "is_top": float(found.score >= top),
        "first_at": found.first_at / max(len(text), 1),
        "field_term": float(found.field_term),
        "expansion": float(bool(found.expansion)),
        "all_capitals": float(upper == 1.0),
        "short_acronym": float(upper == 1.0 and len(letters) <= 3),
        "digit": float(any(c.isdigit() for c in word)),
        "camel_case": float(re.search(r"[a-z][A-Z]", word) is not None),
        "coined": float(_COINED.search(word) is not None),
        "plus": float(word.endswith("+")),
        "plain_word": float(word[:1].isupper() and word[1:].islower()),
        "hyphen": float("-" in word),
        "words": float(len(word.split())),
        # "PointNet" beside "PointNet++", "AiA" beside "AiATrack": the part, not the whole.
        "part_of_other": float(any(word in o and len(o) > len(word) for o in others)),
        "holds_other": float(any(o in word and len(o) < len(word) for o in others)),
    }
    for use in USES:
        row[f"uses_{use}"] = math.log1p(found.uses[use])
    return row


@cache
def _name_weights(path: Path = NAME_MODEL) -> dict[str, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: float(v) for k, v in data["weights"].items()}


def chooser_score(
    found: Found, rivals: list[Found], text: str, weights: dict[str, float] | None = None
) -> float:
    """The chooser's score (a log-odds) that this is the name the paper's title would use."""
    weights = _name_weights() if weights is None else weights
    return sum(weights.get(k, 0.0) * v for k, v in chooser_features(found, rivals, text).items())
