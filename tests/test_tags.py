"""Tag assignment: the project's taxonomy applied to abstracts, and the taxonomy's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.derive.tags import FALLBACK_TAG, MATCH, MAX_TAGS, assign_tags, matcher
from generator.errors import DigestError
from generator.measure import measure
from generator.model import Paper
from generator.pages.readers import read_file
from generator.taxonomy import Taxonomy, load_taxonomy
from generator.text import plain_text
from tests.conftest import SEED, TAXONOMY


def tags(text: str, taxonomy: Taxonomy, keywords: list[str] | None = None) -> list[str]:
    return assign_tags(text, keywords or [], taxonomy)


POINT_CLOUD = (
    "We propose a transformer for point cloud classification and part segmentation. "
    "Local geometry is aggregated over neighbouring points, and the network is evaluated "
    "on ModelNet40 and ShapeNet, where it improves 3D shape recognition."
)
RLHF = (
    "Reinforcement learning from human feedback (RLHF) aligns large language models with "
    "human preferences. We train a reward model on pairwise comparisons and optimize the "
    "LLM policy with PPO, reducing reward hacking."
)
PARSING = (
    "We present a multilingual dependency parser and study machine translation of "
    "low-resource languages. Sentences are parsed with a biaffine model; the corpus covers "
    "twelve languages and the parser improves translation quality by two BLEU points."
)


def test_a_point_cloud_abstract_is_3d_vision_before_computer_vision(taxonomy: Taxonomy) -> None:
    got = tags(POINT_CLOUD, taxonomy)
    assert "3d-vision" in got and "computer-vision" in got
    assert got.index("3d-vision") < got.index("computer-vision")


def test_rlhf_implies_rl_and_language_models_listed_after_it(taxonomy: Taxonomy) -> None:
    got = tags(RLHF, taxonomy)
    assert got[0] == "rl-for-llms"
    assert {"reinforcement-learning", "large-language-models", "nlp"} <= set(got)
    assert got.index("large-language-models") < got.index("nlp")


def test_parsing_and_translation_is_nlp_and_not_vision(taxonomy: Taxonomy) -> None:
    got = tags(PARSING, taxonomy)
    assert "nlp" in got and "computer-vision" not in got


def test_one_incidental_image_word_does_not_tag_vision(taxonomy: Taxonomy) -> None:
    text = (
        "We study question answering over long documents. A retriever selects passages "
        "and a reader extracts the answer span; an image of the pipeline is in the "
        "appendix. Experiments on SQuAD and Natural Questions show gains over BERT."
    )
    assert "computer-vision" not in tags(text, taxonomy)
    # The same word said about the paper's own data, with other visual words, does.
    vision = (
        "We classify photos of street scenes from the pixel statistics and camera metadata of "
        "each image, and our model locates the occluded objects in them."
    )
    assert "computer-vision" in tags(vision, taxonomy)


def test_excluded_phrases_do_not_count_for_their_tag(taxonomy: Taxonomy) -> None:
    text = (
        "We improve part-of-speech tagging and Chinese word segmentation with a shared "
        "encoder; part-of-speech labels and word segmentation boundaries are predicted "
        "jointly on the Penn Treebank and the Chinese Treebank."
    )
    got = tags(text, taxonomy)
    assert "nlp" in got
    assert "speech-audio" not in got and "computer-vision" not in got


def test_acronyms_match_in_capitals_and_plural(taxonomy: Taxonomy) -> None:
    assert "large-language-models" in tags("We study LLMs on arithmetic.", taxonomy)
    # "rl" and "gan" in lowercase are not the acronyms.
    lower = tags("The rl file and the gan parameter are read by the tool.", taxonomy)
    assert "reinforcement-learning" not in lower and "generative-models" not in lower


def test_author_keywords_map_onto_tags(taxonomy: Taxonomy) -> None:
    text = "We propose a new method and evaluate it carefully."
    assert tags(text, taxonomy) == [FALLBACK_TAG]
    assert tags(text, taxonomy, ["Graph Neural Networks"]) == ["graph-learning"]
    # The English label, the slug and a tag's match phrase name it too, in any case.
    assert tags(text, taxonomy, ["computer vision"]) == ["computer-vision"]
    assert tags(text, taxonomy, ["Point Clouds"]) == ["3d-vision", "computer-vision"]
    assert tags(text, taxonomy, ["unknown keyword"]) == [FALLBACK_TAG]


def test_every_paper_gets_one_to_six_tags(taxonomy: Taxonomy) -> None:
    assert tags("", taxonomy) == [FALLBACK_TAG]
    everything = " ".join([POINT_CLOUD, RLHF, PARSING] * 3) + (
        " Federated clients, differential privacy, spiking neurons, protein molecules, "
        "time series forecasting, graph neural networks, video action recognition, object "
        "detection and semantic segmentation."
    )
    got = tags(everything, taxonomy)
    assert len(got) == MAX_TAGS and len(set(got)) == MAX_TAGS
    # Most specific first: the order of the taxonomy.
    assert got == sorted(got, key=taxonomy.slugs.index)


def test_tags_are_deterministic(taxonomy: Taxonomy) -> None:
    fresh = load_taxonomy(TAXONOMY)
    for text in (POINT_CLOUD, RLHF, PARSING):
        first = tags(text, taxonomy)
        assert tags(text, taxonomy) == first
        assert tags(text, fresh) == first


def test_the_seed_abstracts_get_sensible_tags(taxonomy: Taxonomy) -> None:
    got = [tags(plain_text(record.fields["abstract"]), taxonomy) for record in read_file(SEED)]
    assert len(got) == 19
    assert all(1 <= len(t) <= MAX_TAGS for t in got)
    assert got[0][:1] == ["rl-for-llms"]  # off-policy RL for LLMs
    assert {"3d-vision", "spiking-neural-networks"} <= set(got[1])  # spiking point clouds
    assert got[2][:1] == ["autonomous-driving"]  # multi-agent traffic simulation
    assert "privacy" in got[17]  # DP-SGD
    assert "video" in got[18]  # video anomaly detection


def write_taxonomy(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "taxonomy.yml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "tags:\n  - slug: a\n    parent: b\n  - slug: c\n",
            "taxonomy.yml:2: error: tag 'a' has unknown parent 'b'",
        ),
        (
            "tags:\n  - slug: a\n  - slug: b\n    parent: a\n",
            "taxonomy.yml:3: error: tag 'b' must come before its parent 'a'",
        ),
        (
            "tags:\n  - slug: a\n    rivals: [z]\n",
            "taxonomy.yml:2: error: tag 'a' has unknown rival 'z'",
        ),
        (
            "tags:\n  - slug: a\n    parents: [b]\n  - slug: b\n",
            "taxonomy.yml:2: error: tag 'a' has unknown field 'parents'",
        ),
        (
            "tags:\n  - slug: a\n    exclude: ['/x/']\n",
            "taxonomy.yml:2: error: tag 'a': exclude takes phrases, not /regex/ rules",
        ),
        (
            "tags:\n  - slug: a\n    hints: ['/[/']\n",
            "taxonomy.yml:2: error: bad /regex/ rule",
        ),
        (  # flow-style YAML splits unquoted text at a comma: the label would read "Transfer"
            "tags:\n  - slug: a\n    label: {en: Transfer, few-shot and continual learning}\n",
            "taxonomy.yml:3: error: label {...} has 'few-shot and continual learning', which is "
            "not a language code",
        ),
        (
            "tags:\n  - slug: a\n    description:\n      {en: Tasks, zh: 任务, and more}\n",
            "taxonomy.yml:4: error: description {...} has 'and more'",
        ),
    ],
)
def test_a_bad_taxonomy_names_file_and_line(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(DigestError) as caught:
        load_taxonomy(write_taxonomy(tmp_path, body), "taxonomy.yml")
    assert message in str(caught.value)


def test_a_small_taxonomy_scores_matches_hints_and_parents(tmp_path: Path) -> None:
    path = write_taxonomy(
        tmp_path,
        "tags:\n"
        "  - slug: birds\n"
        "    parent: animals\n"
        "    match: [songbird]\n"
        "    hints: [feather, beak, wing]\n"
        "  - slug: animals\n"
        "    hints: [fur]\n"
        "  - slug: other\n",
    )
    small = load_taxonomy(path)
    assert tags("A songbird.", small) == ["birds", "animals"]
    # One hint, even said again and again, is not enough; three different ones are; two
    # tag a paper only when no tag has full evidence and none is as close.
    assert tags("Feather, feather, feather, feather.", small) == ["other"]
    assert tags("A feather and a beak, and another beak and feather.", small) == [
        "birds",
        "animals",
    ]
    assert tags("A feather, a beak and a wing.", small) == ["birds", "animals"]
    # With no deep-learning tag, the fallback is the last (most general) tag.
    assert tags("Nothing here.", small) == ["other"]


def test_the_taxonomy_labels_are_whole(taxonomy: Taxonomy) -> None:
    tag = taxonomy.get("transfer-learning")
    assert tag is not None
    assert tag.name("en") == "Transfer, few-shot and continual learning"
    for each in taxonomy.tags:
        assert set(each.label) == {"en", "zh"}, each.slug


# Real abstracts of the corpus' developing split, where the fields' word models
# (`tag_fields.json`) decide what the rules alone got wrong.
COUNT_MIN = (  # NeurIPS 2018: language n-grams and tokens are its data, not its field
    "The count-min sketch is a time- and memory-efficient randomized data structure that "
    "provides a point estimate of the number of times an item has appeared in a data "
    "stream. The count-min sketch and related hash-based data structures are ubiquitous in "
    "systems that must track frequencies of data such as URLs, IP addresses, and language "
    "n-grams. We present a Bayesian view on the count-min sketch, using the same data "
    "structure, but providing a posterior distribution over the frequencies that "
    "characterizes the uncertainty arising from the hash-based approximation. In "
    "particular, we take a nonparametric approach and consider tokens generated from a "
    "Dirichlet process (DP) random measure, which allows for an unbounded number of unique "
    "tokens. Using properties of the DP, we show that it is possible to straightforwardly "
    "compute posterior marginals of the unknown true counts and that the modes of these "
    "marginals recover the count-min sketch estimator, inheriting the associated "
    "probabilistic guarantees. Using simulated data with known ground truth, we investigate"
    " the properties of these estimators. Lastly, we also study a modified problem in which"
    " the observation stream consists of collections of tokens (i.e., documents) arising "
    "from a random measure drawn from a stable beta process, which allows for power law "
    "scaling behavior in the number of unique tokens."
)
WGAN = (  # NeurIPS 2017: CIFAR-10 and LSUN are its evaluation, not its field
    "Generative Adversarial Networks (GANs) are powerful generative models, but suffer from "
    "training instability. The recently proposed Wasserstein GAN (WGAN) makes progress toward "
    "stable training of GANs, but sometimes can still generate only poor samples or fail to "
    "converge. We find that these problems are often due to the use of weight clipping in "
    "WGAN to enforce a Lipschitz constraint on the critic, which can lead to undesired "
    "behavior. We propose an alternative to clipping weights: penalize the norm of gradient "
    "of the critic with respect to its input. Our proposed method performs better than "
    "standard WGAN and enables stable training of a wide variety of GAN architectures with "
    "almost no hyperparameter tuning. We also achieve high quality generations on CIFAR-10 "
    "and LSUN bedrooms."
)
LEGAL = (  # ACL 2022: a language paper the rules found too little evidence in
    "While significant progress has been made on the task of Legal Judgment Prediction (LJP) "
    "in recent years, the incorrect predictions made by SOTA LJP models can be attributed in "
    "part to their failure to (1) locate the key event information that determines the "
    "judgment, and (2) exploit the cross-task consistency constraints that exist among the "
    "subtasks of LJP. To address these weaknesses, we propose EPM, an Event-based Prediction "
    "Model with constraints, which surpasses existing SOTA models in performance on a "
    "standard LJP dataset."
)
METRIC = (  # CVPR 2019: a vision paper whose only vision word is "geometry"
    "This paper presents a hardness-aware deep metric learning (HDML) framework. Most "
    "previous deep metric learning methods employ the hard negative mining strategy to "
    "alleviate the lack of informative samples for training. However, this mining strategy "
    "only utilizes a subset of training data, which may not be enough to characterize the "
    "global geometry of the embedding space comprehensively. To address this problem, we "
    "perform linear interpolation on embeddings to adaptively manipulate their hard levels "
    "and generate corresponding label-preserving synthetics for recycled training. Our method "
    "achieves very competitive performance on the widely used CUB-200-2011, Cars196, and "
    "Stanford Online Products datasets."
)
DIALOGUE = (  # ACL 2022 findings: "tracking" is a vision hint, and this is no vision paper
    "The MultiWOZ 2.0 dataset has greatly boosted the research on dialogue state tracking "
    "(DST). However, substantial noise has been discovered in its state annotations. Such "
    "noise brings about huge challenges for training DST models robustly. In this paper, "
    "instead of improving the annotation quality further, we propose a general framework, "
    "named ASSIST (lAbel noiSe-robuSt dIalogue State Tracking), to train DST models robustly "
    "from noisy labels. ASSIST first generates pseudo labels for each sample in the training "
    "set by using an auxiliary model trained on a small clean dataset."
)


def test_a_field_its_venues_words_are_far_from_is_left_out(taxonomy: Taxonomy) -> None:
    got = tags(COUNT_MIN, taxonomy)
    assert "nlp" not in got and "probabilistic-methods" in got
    got = tags(WGAN, taxonomy)
    assert "computer-vision" not in got and "generative-models" in got


def test_a_field_its_venues_words_are_near_is_given_on_little_evidence(
    taxonomy: Taxonomy,
) -> None:
    assert "nlp" in tags(LEGAL, taxonomy)
    assert "computer-vision" in tags(METRIC, taxonomy)


def test_a_field_is_not_given_where_another_fields_words_are(taxonomy: Taxonomy) -> None:
    got = tags(DIALOGUE, taxonomy)
    assert "nlp" in got and "computer-vision" not in got


def test_an_author_keyword_keeps_a_field_its_words_are_far_from(taxonomy: Taxonomy) -> None:
    assert "nlp" in tags(COUNT_MIN, taxonomy, ["Natural language processing"])


# Passing mentions: real abstracts (excerpts) of the developing split, each with the tag the
# rules gave from a mention and the one the paper is about.
IMPORTANCE = (  # ICML 2019: What is the Effect of Importance Weighting in Deep Learning?
    "Importance-weighted risk minimization is a key ingredient in many machine learning "
    "algorithms for causal inference, domain adaptation, class imbalance, and off-policy "
    "reinforcement learning. While the effect of importance weighting is well-characterized"
    " for low-capacity misspecified models, little is known about how it impacts over-"
    "parameterized, deep neural networks."
)
HORSESHOE = (  # ICML 2018: Structured Variational Learning of Bayesian Neural Networks
    "Bayesian Neural Networks (BNNs) have recently received increasing attention for their "
    "ability to provide well-calibrated posterior uncertainties. In this work, we propose "
    "several modeling and inference advances that consistently improve the compactness of "
    "the model learned while maintaining predictive performance, especially in smaller-"
    "sample settings including reinforcement learning."
)
RESPONSES = (  # ICLR 2017: Generating Long and Diverse Responses with Neural Conversati
    "Building general-purpose conversation agents is a very challenging task, but necessary"
    " on the road toward intelligent agents that can interact with humans in natural "
    "language. Our approach adds self-attention to the decoder to maintain coherence in "
    "longer responses, and we propose a practical approach, called the glimpse-model, for "
    "scaling to large datasets."
)
DUAL_GLOW = (  # ICCV 2019: DUAL-GLOW: Conditional Flow-Based Generative Model for Modal
    "In contrast to Magnetic Resonance Imaging (MRI), PET is costly and involves injecting "
    "a radioactive substance into the patient. We present experiments on the Alzheimer's "
    "Disease Neuroimaging Initiative (ADNI) dataset with 826 subjects, and obtain good "
    "performance in PET image synthesis, qualitatively and quantitatively better than "
    "recent works."
)
SQUIDNET = (  # ECCV 2022: Selective Query-Guided Debiasing for Video Corpus Moment Ret
    "Video moment retrieval (VMR) aims to localize target moments in untrimmed videos "
    "pertinent to a given textual query. Although recent debiasing methods have focused on "
    "removing this retrieval bias, we argue that these biased predictions sometimes should "
    "be preserved because there are many queries where biased predictions are rather "
    "helpful."
)
CODE_REPAIR = (  # ICLR 2018: Semantic Code Repair using Neuro-Symbolic Transformation Net
    "We study the problem of semantic code repair, which can be broadly defined as "
    "automatically fixing non-syntactic bugs in source code. Our framework adopts a two-"
    "stage approach where first a large set of repair candidates are generated by rule-"
    "based processors, and then these candidates are scored by a statistical model using a "
    "novel neural network architecture which we refer to as Share, Specialize, and Compete."
    " Our model is able to predict the exact correct repair 41% of the time with a single "
    "guess, compared to 13% accuracy for an attentional sequence-to-sequence model."
)
CROWD = (  # NeurIPS 2018: Semi-crowdsourced Clustering with Deep Generative Models
    "We consider the semi-supervised clustering problem where crowdsourcing provides noisy "
    "information about the pairwise comparisons on a small subset of data, i.e., whether a "
    "sample pair is in the same cluster. The challenge of inference is addressed by fast "
    "(natural-gradient) stochastic variational inference algorithms, where we effectively "
    "combine variational message passing for the relational part and amortized learning of "
    "the DGM under a unified framework."
)
WAGE = (  # ICLR 2018: Training and Inference with Integers in Deep Neural Networks
    "To perform pure discrete dataflow for fixed-point devices, we further replace batch "
    "normalization by a constant scaling layer and simplify other components that are "
    "arduous for integer implementation. Empirically, we demonstrate the potential to "
    "deploy training in hardware systems such as integer-based deep learning accelerators "
    "and neuromorphic chips with comparable accuracy and higher energy efficiency, which is"
    " crucial to future AI applications in variable scenarios with transfer and continual "
    "learning demands."
)
KERNEL_EXP = (  # ICML 2019: Learning deep kernels for exponential family densities
    "The kernel exponential family is a rich class of distributions, which can be fit "
    "efficiently and with statistical guarantees by score matching."
)


@pytest.mark.parametrize(
    ("text", "about", "mentioned"),
    [
        pytest.param(
            IMPORTANCE,
            ["learning-theory"],
            ["reinforcement-learning", "causal-inference"],
            id="importance",
        ),  # a list of where a method applies is no topic; "off-policy" holds no "policy"
        pytest.param(
            HORSESHOE, ["probabilistic-methods"], ["reinforcement-learning"], id="horseshoe"
        ),  # "settings including reinforcement learning" names a use, not the topic
        pytest.param(
            RESPONSES, ["nlp"], ["benchmarks-datasets"], id="responses"
        ),  # "for scaling to large datasets" introduces no dataset
        pytest.param(
            DUAL_GLOW, ["medical-imaging"], ["benchmarks-datasets"], id="dual_glow"
        ),  # "We present experiments on the ADNI dataset" is its evaluation, no new dataset
        pytest.param(
            SQUIDNET, ["video"], ["fairness"], id="squidnet"
        ),  # debiasing a retrieval bias is no fairness
        pytest.param(
            CODE_REPAIR, ["code-generation"], ["nlp"], id="code_repair"
        ),  # a sequence-to-sequence baseline and a corpus of source code are no language paper
        pytest.param(
            CROWD, ["semi-supervised"], ["graph-learning"], id="crowd"
        ),  # variational message passing is no graph learning
        pytest.param(
            WAGE, ["efficiency"], ["architectures"], id="wage"
        ),  # replacing batch normalization in a quantized network is no architecture paper
        pytest.param(
            KERNEL_EXP, ["probabilistic-methods"], ["diffusion-models"], id="kernel_exp"
        ),  # score matching a kernel exponential family is no diffusion model
    ],
)
def test_a_passing_mention_gives_no_tag(
    taxonomy: Taxonomy, text: str, about: list[str], mentioned: list[str]
) -> None:
    got = tags(text, taxonomy)
    assert set(about) <= set(got), got
    assert not set(mentioned) & set(got), got


def test_clustering_papers_are_tagged_clustering(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts that had only the fallback tag (Power k-Means Clustering;
    # Depth-Limited Solving for Imperfect-Information Games).
    clustering = (
        "Clustering is a fundamental task in unsupervised learning. Lloyd's algorithm for "
        "k-means is sensitive to initialization. We propose power k-means, a clustering "
        "algorithm that anneals through a family of power means."
    )
    assert "clustering" in assign_tags(clustering, [], taxonomy)
    games = (
        "Imperfect-information games such as poker require reasoning about what the "
        "opponent knows. We introduce a depth-limited solving method for them."
    )
    assert "game-theory" in assign_tags(games, [], taxonomy)
    # A passing "clusters" is no clustering paper.
    assert "clustering" not in assign_tags(
        "We propose a detector for objects in clusters of images, trained end to end.", [], taxonomy
    )


def test_a_field_only_the_evaluation_names_is_no_tag(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (YellowFin and the Art of Momentum Tuning) tagged nlp
    # from the language models it was evaluated on.
    optimizer = (
        "Hyperparameter tuning is one of the most time-consuming workloads in deep learning. "
        "We revisit the momentum SGD algorithm and show that hand-tuning a single learning "
        "rate and momentum makes it competitive with Adam. We propose YellowFin, an automatic "
        "tuner for momentum and learning rate in SGD. In experiments, YellowFin trains "
        "ResNets and LSTMs on image classification and language modeling faster than Adam."
    )
    tags = assign_tags(optimizer, [], taxonomy)
    assert "optimization" in tags and "nlp" not in tags and "computer-vision" not in tags
    # ... while a vision paper's evaluation still counts for vision.
    vision = (
        "We propose a segmentation network that labels every pixel of an image. "
        "Experiments on Cityscapes and PASCAL VOC images show state-of-the-art accuracy."
    )
    assert "computer-vision" in assign_tags(vision, [], taxonomy)


# Developing-split abstracts (excerpts) whose tags were a word in another sense or a field
# only a few hints named.
RELATION_LINKING = (  # ACL 2022: Implicit Relation Linking for Question Answering over KG
    "Relation linking (RL) is a vital module in knowledge-based question answering (KBQA) "
    "systems. It aims to link the relations expressed in natural language (NL) to the "
    "corresponding ones in knowledge graph (KG). In this paper, we propose an implicit RL "
    "method called ImRL, which links relation phrases in NL to relation paths in KG."
)
TEMPORAL_KG = (  # ACL 2022: Complex Evolutional Pattern Learning for Temporal KG Reasoning
    "A Temporal Knowledge Graph (TKG) is a sequence of KGs corresponding to different "
    "timestamps. TKG reasoning aims to predict potential facts in the future given the "
    "historical KG sequences. Thus, we propose a new model, called Complex Evolutional Network "
    "(CEN), which uses a length-aware Convolutional Neural Network (CNN) to handle evolutional "
    "patterns of different lengths via an easy-to-difficult curriculum learning strategy."
)
SWITOKD = (  # ECCV 2022: Switchable Online Knowledge Distillation
    "Online Knowledge Distillation (OKD) improves the involved models by reciprocally "
    "exploiting the difference between teacher and student. Several crucial bottlenecks over "
    "the gap between them – e.g., Why and when does a large gap harm the performance, "
    "especially for student? How to quantify the gap between teacher and student? – have "
    "received limited formal study. In this paper, we propose Switchable Online Knowledge "
    "Distillation (SwitOKD), to answer these questions. Instead of focusing on the accuracy "
    "gap at test phase by the existing arts, the core idea of SwitOKD is to adaptively "
    "calibrate the gap at training phase, namely distillation gap, via a switching strategy "
    "between two modes. To possess an appropriate distillation gap, we further devise an "
    "adaptive switching threshold, which provides a formal criterion as to when to switch to "
    "learning mode or expert mode, and thus improves the student's performance. We further "
    "extend SwitOKD to multiple networks with two basis topologies. Finally, extensive "
    "experiments and analysis validate the merits of SwitOKD for classification over the "
    "state-of-the-arts."
)
MOE = (  # ICLR 2017: Outrageously Large Neural Networks: The Sparsely-Gated MoE Layer
    "The capacity of a neural network to absorb information is limited by its number of "
    "parameters. Conditional computation, where parts of the network are active on a "
    "per-example basis, has been proposed in theory as a way of dramatically increasing model "
    "capacity without a proportional increase in computation. In this work, we address these "
    "challenges and finally realize the promise of conditional computation, achieving greater "
    "than 1000x improvements in model capacity with only minor losses in computational "
    "efficiency on modern GPU clusters. We introduce a Sparsely-Gated Mixture-of-Experts layer "
    "(MoE), consisting of up to thousands of feed-forward sub-networks. A trainable gating "
    "network determines a sparse combination of these experts to use for each example. We "
    "apply the MoE to the tasks of language modeling and machine translation, where model "
    "capacity is critical for absorbing the vast quantities of knowledge available in the "
    "training corpora. We present model architectures in which a MoE with up to 137 billion "
    "parameters is applied convolutionally between stacked LSTM layers. On large language "
    "modeling and machine translation benchmarks, these models achieve significantly better "
    "results than state-of-the-art at lower computational cost."
)


def test_an_acronym_spelled_out_as_something_else_is_not_its_tag(taxonomy: Taxonomy) -> None:
    got = tags(RELATION_LINKING, taxonomy)
    assert "nlp" in got and "reinforcement-learning" not in got
    # ... while one spelled out as the tag's words still counts (ECCV 2022: JPerceiver).
    driving = (
        "Depth estimation, visual odometry (VO), and bird's-eye-view (BEV) scene layout "
        "estimation are fundamental for motion planning. We propose JPerceiver, which can "
        "simultaneously estimate scale-aware depth and VO as well as BEV layout."
    )
    assert "autonomous-driving" in tags(driving, taxonomy)
    # "BEV" counts beside the words that spell it.
    assert matcher(taxonomy).evidence(driving, [])["autonomous-driving"].points > MATCH
    assert "reinforcement-learning" in tags(
        "We study reinforcement learning (RL) for robot control; our RL agent learns fast.",
        taxonomy,
    )


def test_a_field_only_hints_name_needs_its_venues_words_near(taxonomy: Taxonomy) -> None:
    # "Convolutional Neural Network (CNN)" as a component of a knowledge-graph model.
    got = tags(TEMPORAL_KG, taxonomy)
    assert "graph-learning" in got and "computer-vision" not in got


def test_knowledge_distillation_is_no_language_paper(taxonomy: Taxonomy) -> None:
    got = tags(SWITOKD, taxonomy)
    assert "efficiency" in got and "nlp" not in got


def test_tasks_a_method_is_applied_to_are_its_evaluation(taxonomy: Taxonomy) -> None:
    # "We apply the MoE to the tasks of language modeling and machine translation": where the
    # layer is tested, not what it is; the sentence's "knowledge available" is no boilerplate.
    got = tags(MOE, taxonomy)
    assert "architectures" in got and "nlp" not in got


DENSE_CAPTIONING = (  # CVPR 2019: Weakly Supervised Dense Event Captioning in Videos
    "Dense event captioning aims to detect and describe all events of interest contained in "
    "a video. Despite the advanced development in this area, existing methods tackle this "
    "task by making use of dense temporal annotations, which is dramatically source-consuming."
    " This paper formulates a new problem: weakly supervised dense event captioning, which "
    "does not require temporal segment annotations for model training. Our solution is based "
    "on the one-to-one correspondence assumption, each caption describes one temporal "
    "segment, and each temporal segment has one caption, which holds in current benchmark "
    "datasets and most real world cases."
)
HYPERPIXEL = (  # CVPR 2019: Hyperpixel Flow: Semantic Correspondence With Multi-Layer ...
    "To tackle these challenges, we represent images by hyperpixels that leverage a small "
    "number of relevant features selected among early to late layers of a convolutional "
    "neural network. The proposed method, hyperpixel flow, sets a new state of the art on "
    "three standard benchmarks as well as a new dataset, SPair-71k, which contains a "
    "significantly larger number of image pairs than existing datasets, with more accurate "
    "and richer annotations for in-depth analysis."
)


def test_a_benchmark_tag_needs_a_dataset_the_paper_claims(taxonomy: Taxonomy) -> None:
    # "annotations", "benchmark datasets": every paper evaluated on one says them.
    got = tags(DENSE_CAPTIONING, taxonomy)
    assert "video" in got and "benchmarks-datasets" not in got
    # "a new dataset, SPair-71k", said in the evaluation, is one.
    assert "benchmarks-datasets" in tags(HYPERPIXEL, taxonomy)
    # ... and so is a dataset named before it is said to be one (ICML 2019: CoqGym).
    coqgym = (
        "In this paper, we study the problem of using machine learning to automate the "
        "interaction with proof assistants. We construct CoqGym, a large-scale dataset and "
        "learning environment containing 71K human-written proofs from 123 projects developed "
        "with the Coq proof assistant."
    )
    assert "benchmarks-datasets" in tags(coqgym, taxonomy)


def test_alignment_of_features_or_moments_is_no_safety(taxonomy: Taxonomy) -> None:
    # CVPR 2019: MAN: Moment Alignment Network for Natural Language Moment Retrieval.
    moments = (
        "This research strives for natural language moment retrieval in long, untrimmed video "
        "streams. We identify two crucial challenges: semantic misalignment and structural "
        "misalignment. In this paper, we present Moment Alignment Network (MAN), a novel "
        "framework that unifies the candidate moment encoding and temporal structural "
        "reasoning in a single-shot feed-forward network. MAN naturally assigns candidate "
        "moment representations aligned with language semantics over different temporal "
        "locations and scales."
    )
    got = tags(moments, taxonomy)
    assert "video" in got and "safety-alignment" not in got


def test_results_a_method_obtains_are_its_evaluation(taxonomy: Taxonomy) -> None:
    # ICLR 2018: Shifting Mean Activation Towards Zero with Bipolar Activation Functions.
    bipolar = (
        "We propose a simple extension to the ReLU-family of activation functions that allows "
        "them to shift the mean activation across a layer towards zero. We explore the "
        "training of deep vanilla recurrent neural networks (RNNs) with up to 144 layers, and "
        "show that bipolar activation functions help learning in this setting. On the Penn "
        "Treebank and Text8 language modeling tasks we obtain competitive results, improving "
        "on the best reported results for non-gated networks."
    )
    got = tags(bipolar, taxonomy)
    assert "architectures" in got and "nlp" not in got
    # A preliminary application (NeurIPS 2018: Bilevel learning of the Group Lasso structure).
    lasso = (
        "We present a method to estimate the group structure by means of a continuous bilevel "
        "optimization problem where the data is split into training and validation sets. "
        "Finally, a preliminary application to genes expression data is tackled with the "
        "purpose of unveiling functional groups."
    )
    got = tags(lasso, taxonomy)
    assert "optimization" in got and "ai-for-science" not in got


@pytest.mark.parametrize(
    ("text", "about"),
    [
        pytest.param(  # ICLR 2017: Neural Program Lattices (only the fallback tag before)
            "We propose the Neural Program Lattice (NPL), a neural network that learns to "
            "perform complex tasks by composing low-level programs to express high-level "
            "programs. NPLs remove this limitation by providing the ability to learn from weak "
            "supervision consisting only of sequences of low-level operations.",
            "code-generation",
            id="program_lattices",
        ),
        pytest.param(  # NeurIPS 2018: Accelerated Stochastic Matrix Inversion (fallback before)
            "We present the first accelerated randomized algorithm for solving linear systems in"
            " Euclidean spaces. As an application of our general theory, we develop the first "
            "accelerated (deterministic and stochastic) quasi-Newton updates. Our updates lead "
            "to provably more aggressive approximations of the inverse Hessian.",
            "optimization",
            id="quasi_newton",
        ),
        pytest.param(  # NeurIPS 2017: Dual Path Networks (computer vision alone before)
            "In this work, we present a simple, highly efficient and modularized Dual Path "
            "Network (DPN) for image classification which presents a new topology of connection"
            " paths internally. By revealing the equivalence of the state-of-the-art Residual "
            "Network (ResNet) and Densely Convolutional Network (DenseNet) within the HORNN "
            "framework, we find that ResNet enables feature re-usage while DenseNet enables new "
            "features exploration.",
            "architectures",
            id="dual_path",
        ),
    ],
)
def test_a_papers_main_field_is_among_its_tags(taxonomy: Taxonomy, text: str, about: str) -> None:
    assert about in tags(text, taxonomy)


def test_a_predicted_trajectory_is_no_reinforcement_learning(taxonomy: Taxonomy) -> None:
    # ECCV 2022: D2-TPred: Discontinuous Dependency for Trajectory Prediction under Traffic
    # Lights ("inter-agent", "planning" and "trajectory" gave reinforcement learning).
    text = (
        "A profound understanding of inter-agent relationships and motion behaviors is "
        "important to achieve high-quality planning when navigating in complex scenarios, "
        "especially at urban traffic intersections. We present a trajectory prediction "
        "approach with respect to traffic lights, D2-TPred, which uses a spatial dynamic "
        "interaction graph (SDG) and a behavior dependency graph (BDG). The SDG is used to "
        "capture spatial interactions by reconstructing sub-graphs for different agents with "
        "dynamic and changeable characteristics during each frame."
    )
    got = tags(text, taxonomy)
    assert "autonomous-driving" in got and "reinforcement-learning" not in got


def test_a_field_vetoed_by_its_words_still_bars_its_rival(taxonomy: Taxonomy) -> None:
    # ICLR 2018: Tree2Tree Learning with Memory Unit. Language, left out by its word model,
    # left "CNN" and "convolutional" alone: computer vision was the only tag.
    text = (
        "Traditional recurrent neural network (RNN) or convolutional neural net- work (CNN) "
        "based sequence-to-sequence model can not handle tree structural data well. To "
        "alleviate this problem, in this paper, we propose a tree-to-tree model with specially "
        "designed encoder unit and decoder unit, which recursively encodes tree inputs into "
        "highly folded tree embeddings and decodes the embeddings into tree outputs. Our model "
        "could represent the complex information of a tree while also restore a tree from "
        "embeddings. We evaluate our model in random tree recovery task and neural machine "
        "translation task. Experiments show that our model outperforms the baseline model."
    )
    assert "computer-vision" not in tags(text, taxonomy)


def test_explanation_methods_are_interpretability(taxonomy: Taxonomy) -> None:
    # ICLR 2018: Learning how to explain neural networks: PatternNet and PatternAttribution.
    text = (
        "DeConvNet, Guided BackProp, LRP, were invented to better understand deep neural "
        "networks. We show that these methods do not produce the theoretically correct "
        "explanation for a linear model. We argue that explanation methods for neural nets "
        "should work reliably in the limit of simplicity, the linear models. Based on our "
        "analysis of linear models we propose a generalization that yields two explanation "
        "techniques (PatternNet and PatternAttribution) that are theoretically sound for linear "
        "models and produce improved explanations for deep networks."
    )
    assert "interpretability" in tags(text, taxonomy)


def test_a_video_rate_is_no_video(taxonomy: Taxonomy) -> None:
    # CVPR 2019: Multispectral and Hyperspectral Image Fusion by MS/HS Fusion Net.
    text = (
        "Hyperspectral imaging can help better understand the characteristics of different "
        "materials, compared with traditional image systems. However, only high-resolution "
        "multispectral (HrMS) and low-resolution hyperspectral (LrHS) images can generally be "
        "captured at video rate in practice. In this paper, we propose a model-based deep "
        "learning approach for merging an HrMS and LrHS images to generate a high-resolution "
        "hyperspectral (HrHS) image."
    )
    got = tags(text, taxonomy)
    assert "computer-vision" in got and "video" not in got


def test_classical_ml_papers_are_tagged_statistical_learning(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts that had only the fallback `deep-learning` (When do random
    # forests fail?; Online control of the false discovery rate with decaying memory).
    forests = (
        "Random forests are learning algorithms that build large collections of random trees "
        "and make predictions by averaging the individual tree predictions. In this paper, we "
        "consider various tree constructions and examine how the choice of parameters affects "
        "the generalization error of the resulting random forests as the sample size goes to "
        "infinity. We show that subsampling of data points during the tree construction phase "
        "is important: Forests can become inconsistent with either no subsampling or too severe "
        "subsampling."
    )
    assert assign_tags(forests, [], taxonomy) == ["statistical-learning"]
    testing = (
        "In the online multiple testing problem, p-values corresponding to different null "
        "hypotheses are presented one by one, and the decision of whether to reject a "
        "hypothesis must be made immediately. Alpha-investing algorithms to control the false "
        "discovery rate were first formulated by Foster and Stine. This paper improves the "
        "class of generalized alpha-investing algorithms in four ways."
    )
    assert "statistical-learning" in assign_tags(testing, [], taxonomy)


def test_a_classical_method_used_as_one_tool_is_no_tag(taxonomy: Taxonomy) -> None:
    # A developing-split vision abstract (When Color Constancy Goes Wrong) whose method is a
    # k-nearest-neighbour step: no classical-ML paper.
    text = (
        "This paper focuses on correcting a camera image that has been improperly "
        "white-balanced. This situation occurs when a camera's auto white balance fails. This "
        "paper introduces the first method to explicitly address this problem. Using this "
        "dataset, we introduce a k-nearest neighbor strategy that is able to compute a "
        "nonlinear color mapping function to correct the image's colors."
    )
    got = assign_tags(text, [], taxonomy)
    assert "computer-vision" in got and "statistical-learning" not in got


def test_a_phrase_matches_its_plural_in_es(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (Linearly constrained Gaussian processes) that had only the
    # fallback tag: "Gaussian processes" was read "Gaussian processe", no "Gaussian process".
    text = (
        "We consider a modification of the covariance function in Gaussian processes to "
        "correctly account for known linear constraints. By modelling the target function as a "
        "transformation of an underlying function, the constraints are explicitly incorporated "
        "in the model such that they are guaranteed to be fulfilled by any sample drawn or "
        "prediction made."
    )
    assert assign_tags(text, [], taxonomy) == ["probabilistic-methods"]


def test_a_field_said_once_beside_a_rival_far_ahead_is_no_tag(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (bert2BERT: Towards Reusable Pretrained Language Models)
    # tagged computer-vision for the method it extends, "proposed in computer vision".
    text = (
        "In recent years, researchers tend to pre-train ever-larger language models to explore "
        "the upper limit of deep models. However, large language model pre-training costs "
        "intensive computational resources, and most of the models are trained from scratch "
        "without reusing the existing pre-trained models, which is wasteful. In this paper, we "
        "propose bert2BERT, which can effectively transfer the knowledge of an existing smaller "
        "pre-trained model to a large model through parameter initialization and significantly "
        "improve the pre-training efficiency of the large model. Specifically, we extend the "
        "previous function-preserving method proposed in computer vision on the "
        "Transformer-based language model, and further improve it by proposing a novel method, "
        "advanced knowledge for large model's initialization."
    )
    got = assign_tags(text, [], taxonomy)
    assert "nlp" in got and "computer-vision" not in got
    # ... while a paper across both fields keeps each (Context and Attribute Grounded Dense
    # Captioning, of the developing split).
    captioning = (
        "Dense captioning aims at simultaneously localizing semantic regions and describing "
        "these regions-of-interest (ROIs) with short phrases or sentences in natural language. "
        "Previous studies have shown remarkable progresses, but they are often vulnerable to "
        "the aperture problem that a caption generated by the features inside one ROI lacks "
        "contextual coherence with its surrounding context in the input image. In this work, we "
        "investigate contextual reasoning based on multi-scale message propagations from the "
        "neighboring contents to the target ROIs. To this end, we design a novel end-to-end "
        "context and attribute grounded dense captioning framework consisting of 1) a "
        "contextual visual mining module and 2) a multi-level attribute grounded description "
        "generation module. Knowing that captions often co-occur with the linguistic "
        "attributes (such as who, what and where), we also incorporate an auxiliary "
        "supervision from hierarchical linguistic attributes to augment the distinctiveness "
        "of the learned captions."
    )
    got = assign_tags(captioning, [], taxonomy)
    assert "nlp" in got and "computer-vision" in got


def test_training_by_gradient_descent_is_no_optimization_paper(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (Jointly Learning Sentence Embeddings and Syntax with
    # Unsupervised Tree-LSTMs): "trained with an off-the-shelf gradient descent method" is how
    # nearly every model is trained.
    text = (
        "We introduce a neural network that represents sentences by composing their words "
        "according to induced binary parse trees. We use Tree-LSTM as our composition "
        "function, applied along a tree structure found by a fully differentiable natural "
        "language chart parser. Our model simultaneously optimises both the composition "
        "function and the parser, thus eliminating the need for externally-provided parse "
        "trees which are normally required for Tree-LSTM. As it is fully differentiable, our "
        "model is easily trained with an off-the-shelf gradient descent method and "
        "backpropagation."
    )
    got = assign_tags(text, [], taxonomy)
    assert "nlp" in got and "optimization" not in got
    # ... while a paper about the optimizer is one (Convergence rate of sign stochastic
    # gradient descent for non-convex functions, of the developing split).
    sign = (
        "The sign stochastic gradient descent method (signSGD) utilizes only the sign of the "
        "stochastic gradient in its updates. For the first time, we establish convergence "
        "rates for signSGD on general non-convex functions under transparent conditions."
    )
    assert "optimization" in assign_tags(sign, [], taxonomy)


def test_a_dataset_is_claimed_only_when_it_is_the_papers_own(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts: "corpus-level" language shifts (The Global Anchor Method)
    # and "datasets collected in the BEIR benchmark" (Zero-Shot Dense Retrieval with Momentum
    # Adversarial Domain Invariant Representations) claim no dataset ...
    anchor = (
        "Language is dynamic, constantly evolving and adapting with respect to time, domain or "
        "topic. In this paper, we introduce the global anchor method for detecting corpus-level "
        "language shifts. We show that the global anchor method reveals fine structures in the "
        "evolution of language and domain adaptation."
    )
    assert "benchmarks-datasets" not in assign_tags(anchor, [], taxonomy)
    retrieval = (
        "Dense retrieval (DR) methods conduct text retrieval by first encoding texts in the "
        "embedding space. We propose Momentum adversarial Domain Invariant Representation "
        "learning (MoDIR), which adversarially updates the DR encoder to learn domain "
        "invariant representations. Our experiments show that MoDIR robustly outperforms its "
        "baselines on 10+ ranking datasets collected in the BEIR benchmark in the zero-shot "
        "setup."
    )
    assert "benchmarks-datasets" not in assign_tags(retrieval, [], taxonomy)
    # ... while "We introduce the MVTec Anomaly Detection (MVTec AD) dataset" does.
    mvtec = (
        "The development of methods for unsupervised anomaly detection requires data on which "
        "to train and evaluate new approaches and ideas. We introduce the MVTec Anomaly "
        "Detection (MVTec AD) dataset containing 5354 high-resolution color images of "
        "different object and texture categories."
    )
    assert "benchmarks-datasets" in assign_tags(mvtec, [], taxonomy)


def test_one_word_of_a_field_needs_its_venues_words_likely(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts tagged computer-vision for one word: their evaluation's
    # "image datasets" (Clustering with Deep Learning: Taxonomy and New Methods) and the
    # "correspondence" of two graphs (Gromov-Wasserstein Learning for Graph Matching).
    clustering = (
        "Clustering is a fundamental machine learning method. The quality of its results is "
        "dependent on the data distribution. For this reason, deep neural networks can be used "
        "for learning better representations of the data. In this paper, we propose a "
        "systematic taxonomy for clustering with deep learning, in addition to a review of "
        "methods from the field. Based on our taxonomy, creating new methods is more "
        "straightforward. We also propose a new approach which is built on the taxonomy "
        "and surpasses some of the limitations of some previous work. Our experimental "
        "evaluation on image datasets shows that the method approaches state-of-the-art "
        "clustering quality, and performs better in some cases."
    )
    assert assign_tags(clustering, [], taxonomy) == ["clustering"]
    graphs = (
        "A novel Gromov-Wasserstein learning framework is proposed to jointly match (align) "
        "graphs and learn embedding vectors for the associated graph nodes. Using "
        "Gromov-Wasserstein discrepancy, we measure the dissimilarity between two graphs and "
        "find their correspondence, according to the learned optimal transport. The node "
        "embeddings associated with the two graphs are learned under the guidance of the "
        "optimal transport, the distance of which not only reflects the topological structure "
        "of each graph but also yields the correspondence across the graphs. These two "
        "learning steps are mutually-beneficial, and are unified here by minimizing the "
        "Gromov-Wasserstein discrepancy with structural regularizers. This framework leads to "
        "an optimization problem that is solved by a proximal point method. We apply the "
        "proposed method to matching problems in real-world networks, and demonstrate its "
        "superior performance compared to alternative approaches."
    )
    got = assign_tags(graphs, [], taxonomy)
    assert "graph-learning" in got and "computer-vision" not in got


def test_deep_learning_theory_is_tagged_with_its_theory(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts that had only the fallback tag: expressivity said as
    # "universal approximators" (The power of deeper networks for expressing natural
    # functions) and a study of the "loss surface" (The Multilinear Structure of ReLU Networks).
    expressivity = (
        "It is well-known that neural networks are universal approximators, but that deeper "
        "networks tend in practice to be more powerful than shallower ones. We shed light on "
        "this by proving that the total number of neurons m required to approximate natural "
        "classes of multivariate polynomials of n variables grows only linearly with n for deep "
        "neural networks, but grows exponentially when merely a single hidden layer is allowed. "
        "We also provide evidence that when the number of hidden layers is increased from 1 to "
        "k, the neuron requirement grows exponentially not with n but with n^{1/k}, suggesting "
        "that the minimum number of layers required for practical expressibility grows only "
        "logarithmically with n."
    )
    assert assign_tags(expressivity, [], taxonomy) == ["learning-theory"]
    landscape = (
        "We study the loss surface of neural networks equipped with a hinge loss criterion and "
        "ReLU or leaky ReLU nonlinearities. Any such network defines a piecewise multilinear "
        "form in parameter space. By appealing to harmonic analysis we show that all local "
        "minima of such network are non-differentiable, except for those minima that occur in "
        "a region of parameter space where the loss surface is perfectly flat. As a "
        "consequence, we must employ techniques from nonsmooth analysis to study these loss "
        "surfaces. We show how to apply these techniques in some illustrative cases."
    )
    assert assign_tags(landscape, [], taxonomy) == ["optimization"]


def test_a_claimed_tag_needs_its_claim_even_when_nothing_else_is_in_evidence(
    taxonomy: Taxonomy,
) -> None:
    # A developing-split abstract (A hybrid network: Scattering and Convnet) tagged only
    # benchmarks-datasets for the "standard benchmarks" and "small datasets" it is tested on.
    text = (
        "This paper shows how, by combining prior and supervised representations, one can "
        "create architectures that lead to nearly state-of-the-art results on standard "
        "benchmarks, which mean they perform as well as a deep network learned from scratch. We "
        "use scattering as a generic and fixed initialization of the first layers of a deep "
        "network, and learn the remaining layers in a supervised manner. We numerically "
        "demonstrate that deep hybrid scattering networks generalize better on small datasets "
        "than supervised deep networks. Scattering networks could help current systems to save "
        "computation time, while guaranteeing the stability to geometric transformations and "
        "noise of the first internal layers. We also show that the learned operators explicitly "
        "build invariances to geometrical variabilities, such as local rotation and "
        "translation, by analyzing the third layer of our architecture. We demonstrate that it "
        "is possible to replace the scattering transform by a standard deep network at the cost "
        "of having to learn more parameters and potentially adding instabilities. Finally, we "
        "release a new software, ScatWave, using GPUs for fast computations of a scattering "
        "network that is integrated in Torch. We evaluate our model on the CIFAR10, CIFAR100 "
        "and STL10 datasets."
    )
    assert "benchmarks-datasets" not in assign_tags(text, [], taxonomy)


def test_samplers_are_probabilistic_methods(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (Clone MCMC: Parallel High-Dimensional Gaussian Gibbs
    # Sampling) that had only the fallback tag.
    text = (
        "We propose a generalized Gibbs sampler algorithm for obtaining samples approximately "
        "distributed from a high-dimensional Gaussian distribution. Similarly to Hogwild "
        "methods, our approach does not target the original Gaussian distribution of interest, "
        "but an approximation to it. Contrary to Hogwild methods, a single parameter allows us "
        "to trade bias for variance. We show empirically that our method is very flexible and "
        "performs well compared to Hogwild-type algorithms."
    )
    assert assign_tags(text, [], taxonomy) == ["probabilistic-methods"]


def test_fields_named_together_are_no_evidence(taxonomy: Taxonomy) -> None:
    # A developing-split abstract (Masked Autoencoders for Point Cloud Self-Supervised
    # Learning) tagged nlp for what masked autoencoding "has significantly advanced".
    text = (
        "As a promising scheme of self-supervised learning, masked autoencoding has "
        "significantly advanced natural language processing and computer vision. Inspired by "
        "this, we propose a neat scheme of masked autoencoders for point cloud self-supervised "
        "learning, addressing the challenges posed by point cloud's properties, including "
        "leakage of location information and uneven information density. Concretely, we divide "
        "the input point cloud into irregular point patches and randomly mask them at a high "
        "ratio. Then, a standard Transformer based autoencoder, with an asymmetric design and a "
        "shifting mask tokens operation, learns high-level latent features from unmasked point "
        "patches, aiming to reconstruct the masked point patches. Extensive experiments show "
        "that our approach is efficient during pre-training and generalizes well on various "
        "downstream tasks. The pre-trained models achieve 85.18% accuracy on ScanObjectNN and "
        "94.04% accuracy on ModelNet40, outperforming all the other self-supervised learning "
        "methods. Furthermore, our work inspires the feasibility of applying unified "
        "architectures from languages and images to the point cloud."
    )
    got = assign_tags(text, [], taxonomy)
    assert "3d-vision" in got and "nlp" not in got


def test_a_network_architecture_said_in_passing_is_no_architectures_paper(
    taxonomy: Taxonomy,
) -> None:
    # A developing-split abstract (Fast Human Pose Estimation): a distillation paper that
    # "trains a lightweight pose neural network architecture".
    text = (
        "Existing human pose estimation approaches often only consider how to improve the "
        "model generalisation performance, but putting aside the significant efficiency "
        "problem. This leads to the development of heavy models with poor scalability and "
        "cost-effectiveness in practical use. In this work, we investigate the under-studied "
        "but practically critical pose model efficiency problem. To this end, we present a new "
        "Fast Pose Distillation (FPD) model learning strategy. Specifically, the FPD trains a "
        "lightweight pose neural network architecture capable of executing rapidly with low "
        "computational cost. It is achieved by effectively transferring the pose structure "
        "knowledge of a strong teacher network."
    )
    got = assign_tags(text, [], taxonomy)
    assert "efficiency" in got and "architectures" not in got
    # ... while a search for architectures is one (Resource Constrained Neural Network
    # Architecture Search, of the developing split).
    search = (
        "Based on this observation, we adapt algorithms within discrete optimization to obtain "
        "heuristic schemes for neural network architecture search, where we have resource "
        "constraints on the architecture."
    )
    assert "architectures" in assign_tags(search, [], taxonomy)


def test_one_tool_word_of_vision_is_no_vision(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts tagged computer-vision on one word any field's paper uses:
    # "GANs" for text (CoT: Cooperative Training for Generative Modeling of Discrete Data),
    # "graph convolutional networks" (Exploiting Edge Features for Graph Neural Networks).
    text_gan = (
        "In this paper, we study the generative models of sequential discrete data. To tackle"
        " the exposure bias problem inherent in maximum likelihood estimation (MLE), "
        "generative adversarial networks (GANs) are introduced to penalize the unrealistic "
        "generated samples. To exploit the supervision signal from the discriminator, most "
        "previous models leverage REINFORCE to address the non-differentiable problem of "
        "sequential discrete data. However, because of the unstable property of the training "
        "signal during the dynamic process of adversarial training, the effectiveness of "
        "REINFORCE, in this case, is hardly guaranteed. To deal with such a problem, we "
        "propose a novel approach called Cooperative Training (CoT) to improve the training "
        "of sequence generative models. CoT transforms the min-max game of GANs into a joint "
        "maximization framework and manages to explicitly estimate and optimize "
        "Jensen-Shannon divergence. Moreover, CoT works without the necessity of pre-training"
        " via MLE, which is crucial to the success of previous methods. In the experiments, "
        "compared to existing state-of-the-art methods, CoT shows superior or at least "
        "competitive performance on sample quality, diversity, as well as training stability."
    )
    got = tags(text_gan, taxonomy)
    assert "generative-models" in got and "computer-vision" not in got
    edges = (
        "Edge features contain important information about graphs. However, current "
        "state-of-the-art neural network models designed for graph learning, e.g., graph "
        "convolutional networks (GCN) and graph attention networks (GAT), inadequately "
        "utilize edge features, especially multi-dimensional edge features. In this paper, we"
        " build a new framework for a family of new graph neural network models that can more"
        " sufficiently exploit edge features, including those of undirected or "
        "multi-dimensional edges. The proposed framework can consolidate current graph neural"
        " network models, e.g., GCN and GAT. The proposed framework and new models have the "
        "following novelties: First, we propose to use doubly stochastic normalization of "
        "graph edge features instead of the commonly used row or symmetric normalization "
        "approaches used in current graph neural networks. Second, we construct new formulas "
        "for the operations in each individual layer so that they can handle "
        "multi-dimensional edge features. Third, for the proposed new framework, edge "
        "features are adaptive across network layers. As a result, our proposed new framework"
        " and new models are able to exploit a rich source of graph edge information. We "
        "apply our new models to graph node classification on several citation networks, "
        "whole graph classification, and regression on several molecular datasets. Compared "
        "with the current state-of-the-art methods, i.e., GCNs and GAT, our models obtain "
        "better performance, which testify to the importance of exploiting edge features in "
        "graph neural networks."
    )
    got = tags(edges, taxonomy)
    assert "graph-learning" in got and "computer-vision" not in got


def test_a_vision_phrase_said_only_in_the_evaluation_still_gives_vision(
    taxonomy: Taxonomy,
) -> None:
    # Optical Flow Training under Limited Label Budget via Active Learning: every sentence
    # naming optical flow also speaks of accuracy, so all of them are its evaluation.
    flow = (
        "Supervised training of optical flow predictors generally yields better accuracy than "
        "unsupervised training. However, the improved performance comes at an often high "
        "annotation cost. Semi-supervised training trades off accuracy against annotation "
        "cost. In addition, we propose active learning methods based on simple heuristics to "
        "further reduce the number of labels required to achieve the same target accuracy. "
        "Our experiments on both synthetic and real optical flow datasets show that our "
        "semi-supervised networks generally need around 50% of the labels to achieve close to "
        "full-label accuracy, and only around 20% with active learning on Sintel."
    )
    assert {"computer-vision", "semi-supervised"} <= set(tags(flow, taxonomy))


def test_image_benchmarks_of_the_evaluation_give_vision(taxonomy: Taxonomy) -> None:
    # Larger Norm More Transferable: An Adaptive Feature Norm Approach for Unsupervised
    # Domain Adaptation, evaluated on Office-Home and VisDA.
    text = (
        "Domain adaptation enables the learner to safely generalize into novel environments by "
        "mitigating domain shifts across distributions. In this paper, we empirically reveal "
        "that the erratic discrimination of the target domain mainly stems from its much "
        "smaller feature norms with respect to that of the source domain. To this end, we "
        "propose a novel parameter-free Adaptive Feature Norm approach. Without bells and "
        "whistles but a few lines of code, our method substantially lifts the performance on "
        "the target task and exceeds state-of-the-arts by a large margin (11.5% on Office-Home "
        "and 17.1% on VisDA2017)."
    )
    assert {"computer-vision", "transfer-learning"} <= set(tags(text, taxonomy))


#: Developing-split abstracts that had only the fallback tag, each with the tag a reader
#: gives it for what it names: a "Byzantine" worker, "PU learning", "fair classification",
#: programs from "input-output pairs", "capsules", "early action prediction", "wireframes",
#: "low-precision" training and "confidence calibration".
NAMED_TOPICS = [
    pytest.param(
        (
            "While machine learning is going through an era of celebrated success, concerns "
            "have been raised about the vulnerability of its backbone: stochastic gradient "
            "descent (SGD). Recent approaches have been proposed to ensure the robustness of "
            "distributed SGD against adversarial (Byzantine) workers sending"
        ),
        "robustness",
        id="The Hidden Vulnerability of Distributed Learning in Byzantiu",
    ),
    pytest.param(
        (
            "From only positive (P) and unlabeled (U) data, a binary classifier could be "
            "trained with PU learning, in which the state of the art is unbiased PU learning."
            " However, if its model is very flexible, empirical risks on training data will "
            "go negative, and we will suffer from serious overfitting. In this paper, we "
            "propose a non-negative risk estimator for PU learning: when getting minimized, "
            "it is more robust against overfitting, and thus we are able to use very flexible"
            " models (such as deep neural networks) given limited P data. Moreover, we "
            "analyze the bias, consistency, and mean-squared-error reduction of the proposed "
            "risk estimator, and bound the estimation error of the resulting empirical risk "
            "minimizer. Experiments demonstrate that our risk estimator fixes the overfitting"
            " problem of its unbiased counterparts."
        ),
        "semi-supervised",
        id="Positive-Unlabeled Learning with Non-Negative Risk Estimator",
    ),
    pytest.param(
        (
            "We study the problem of fair classification within the versatile framework of "
            "Dwork et al. [ITCS '12], which assumes the existence of a metric that measures "
            "similarity between pairs of individuals.  Unlike earlier work, we do not assume "
            "that the entire metric is known to the learning algorithm; instead, the learner "
            "can query this"
        ),
        "fairness",
        id="Fairness Through Computationally-Bounded Awareness",
    ),
    pytest.param(
        (
            "We consider the problem of generating automatic code given sample input-output "
            "pairs. We train a neural network to map from the current state and the outputs "
            "to the program's next statement. The neural network optimizes multiple tasks "
            "concurrently: the next operation out of a set of high level commands, the "
            "operands of the next statement, and which variables can be dropped from memory. "
            "Using our method we are able to create programs that are more than twice as long"
            " as existing state-of-the-art solutions, while improving the success rate for "
            "comparable lengths, and cutting the run-time by two orders of magnitude. Our "
            "code, including an implementation of various literature baselines, is publicly "
            "available at https://github.com/amitz25/PCCoder"
        ),
        "code-generation",
        id="Automatic Program Synthesis of Long Programs with a Learned ",
    ),
    pytest.param(
        (
            "A capsule is a group of neurons whose activity vector represents the "
            "instantiation parameters of a specific type of entity such as an object or "
            "object part. We use the length of the activity vector to represent the "
            "probability that the entity exists and its orientation to represent the "
            "instantiation parameters. Active capsules at one level make predictions, via "
            "transformation matrices, for the instantiation parameters of higher-level "
            "capsules.  When multiple predictions agree, a higher level capsule becomes "
            "active. We show that a discrimininatively trained, multi-layer capsule system "
            "achieves state-of-the-art performance on MNIST and is considerably better than a"
            " convolutional net at recognizing highly overlapping digits. To achieve these "
            "results we use an iterative routing-by-agreement mechanism: A lower-level "
            "capsule prefers to send its output to higher level capsules whose activity "
            "vectors have a big scalar product with the prediction coming from the "
            "lower-level capsule."
        ),
        "architectures",
        id="Dynamic Routing Between Capsules",
    ),
    pytest.param(
        (
            "Early action prediction aims to successfully predict the class label of an "
            "action before it is completely performed. This is a challenging task because the"
            " beginning stages of different actions can be very similar, with only minor "
            "subtle differences for discrimination. In this paper, we propose a novel Expert "
            "Retrieval and Assembly (ERA) module that retrieves and assembles a set of "
            "experts most specialized at using discriminative subtle differences, to "
            "distinguish an input sample from other highly similar samples. To encourage our "
            "model to effectively use subtle differences for early action prediction, we push"
            " experts to discriminate exclusively between samples that are highly similar, "
            "forcing these experts to learn to use subtle differences that exist between "
            "those samples. Additionally, we design an effective Expert Learning Rate "
            "Optimization method that balances the experts’ optimization and leads to better "
            "performance. We evaluate our ERA module on four public action datasets and "
            "achieve state-of-the-art performance. Code will be released."
        ),
        "video",
        id="ERA: Expert Retrieval and Assembly for Early Action Predicti",
    ),
    pytest.param(
        (
            "We present a conceptually simple yet effective algorithm to detect wireframes in"
            " a given image. Compared to the previous methods which first predict an "
            "intermediate heat map and then extract straight lines with heuristic algorithms,"
            " our method is end-to-end trainable and can directly output a vectorized "
            "wireframe that contains semantically meaningful and geometrically salient "
            "junctions and lines. To better understand the quality of the outputs, we propose"
            " a new metric for wireframe evaluation that penalizes overlapped line segments "
            "and incorrect line connectivities. We conduct extensive experiments and show "
            "that our method significantly outperforms the previous state-of-the-art "
            "wireframe and line extraction algorithms. We hope our simple approach can be "
            "served as a baseline for future wireframe parsing studies. Code has been made "
            "publicly available at https://github.com/zhou13/lcnn."
        ),
        "computer-vision",
        id="End-to-End Wireframe Parsing",
    ),
    pytest.param(
        (
            "Stochastic rounding is a critical technique used in low-precision deep neural "
            "networks (DNNs) training to ensure good model accuracy. However, it requires a "
            "large number of random numbers generated on the fly. This is not a trivial task "
            "on the hardware platforms such as FPGA and ASIC. The widely used solution is to "
            "introduce random number generators with extra hardware costs. In this paper, we "
            "innovatively propose to employ the stochastic property of DNN training process "
            "itself and directly extract random numbers from DNNs in a self-sufficient "
            "manner. We propose different methods to obtain random numbers from different "
            "sources in neural networks and a generator-free framework is proposed for "
            "low-precision DNN training on a variety of deep learning tasks. Moreover, we "
            "evaluate the quality of the extracted random numbers and find that high-quality "
            "random numbers widely exist in DNNs, while their quality can even pass the NIST "
            "test suite."
        ),
        "efficiency",
        id="You Already Have It: A Generator-Free Low-Precision DNN Trai",
    ),
    pytest.param(
        (
            "Reliable confidence estimation for the predictions is important in many "
            "safety-critical applications. However, modern deep neural networks are often "
            "overconfident for their incorrect predictions. Recently, many calibration "
            "methods have been proposed to alleviate the overconfidence problem. With "
            "calibrated confidence, a primary and practical purpose is to detect "
            "misclassification errors by filtering out low-confidence predictions (known as "
            "failure prediction). In this paper, we find a general, widely-existed but "
            "actually-neglected phenomenon that most confidence calibration methods are "
            "useless or harmful for failure prediction. We investigate this problem and "
            "reveal that popular confidence calibration methods often lead to worse "
            "confidence separation between correct and incorrect samples, making it more "
            "difficult to decide whether to trust a prediction or not. Finally, inspired by "
            "the natural connection between flat minima and confidence separation, we propose"
            " a simple hypothesis: flat minima is beneficial for failure prediction. We "
            "verify this hypothesis via extensive experiments and further boost the "
            "performance by combining two different flat minima techniques."
        ),
        "probabilistic-methods",
        id="Rethinking Confidence Calibration for Failure Prediction",
    ),
]


@pytest.mark.parametrize(("text", "tag"), NAMED_TOPICS)
def test_a_topic_named_in_its_own_words_is_tagged(taxonomy: Taxonomy, text: str, tag: str) -> None:
    assert tag in tags(text, taxonomy)


def test_an_acronym_spelled_as_something_else_is_not_its_tags(taxonomy: Taxonomy) -> None:
    # CoT: Cooperative Training for Generative Modeling of Discrete Data: its "CoT" is no
    # chain of thought.
    text = (
        "In this paper, we study the generative models of sequential discrete data. To "
        "tackle the exposure bias problem inherent in maximum likelihood estimation "
        "(MLE), generative adversarial networks (GANs) are introduced to penalize the "
        "unrealistic generated samples. To exploit the supervision signal from the "
        "discriminator, most previous models leverage REINFORCE to address the "
        "non-differentiable problem of sequential discrete data. However, because of the "
        "unstable property of the training signal during the dynamic process of "
        "adversarial training, the effectiveness of REINFORCE, in this case, is hardly "
        "guaranteed. To deal with such a problem, we propose a novel approach called "
        "Cooperative Training (CoT) to improve the training of sequence generative "
        "models. CoT transforms the min-max game of GANs into a joint maximization "
        "framework and manages to explicitly estimate and optimize Jensen-Shannon "
        "divergence. Moreover, CoT works without the necessity of pre-training via MLE, "
        "which is crucial to the success of previous methods. In the experiments, "
        "compared to existing state-of-the-art methods, CoT shows superior or at least "
        "competitive performance on sample quality, diversity, as well as training "
        "stability."
    )
    assert "reasoning" not in tags(text, taxonomy)


def test_the_boilerplate_measure_reads_the_abstract_as_derivation_does(taxonomy: Taxonomy) -> None:
    # DeepArchitect: Automatically Designing and Training Deep Architectures: its
    # "hyperpa- rameter optimization", cut by a line break, is whole to derivation; read
    # cut without the sentence on its code, it seemed the code had given "optimization".
    abstract = (
        "In deep learning, performance is strongly affected by the choice of architecture"
        " and hyperparameters. While there has been extensive work on automatic hyperpa- "
        "rameter optimization for simple spaces, complex spaces such as the space of deep"
        " architectures remain largely unexplored. As a result, the choice of "
        "architecture is done manually by the human expert through a slow trial and error"
        " process guided mainly by intuition. In this paper we describe a framework for "
        "automatically designing and training deep models. We propose an extensible and "
        "modular lan- guage that allows the human expert to compactly represent complex "
        "search spaces over architectures and their hyperparameters. The resulting search"
        " spaces are tree- structured and therefore easy to traverse. Models can be "
        "automatically compiled to computational graphs once values for all "
        "hyperparameters have been chosen. We can leverage the structure of the search "
        "space to introduce different model search algorithms, such as random search, "
        "Monte Carlo tree search (MCTS), and sequen- tial model-based optimization "
        "(SMBO). We present experiments comparing the different algorithms on CIFAR-10 "
        "and show that MCTS and SMBO outperform random search. We also present "
        "experiments on MNIST, showing that the same search space achieves near "
        "state-of-the-art performance with a few samples. These experiments show that our"
        " framework can be used effectively for model discov- ery, as it is possible to "
        "describe expressive search spaces and discover competitive models without much "
        "effort from the human expert. Code for our framework and experiments has been "
        "made publicly available"
    )
    paper = Paper(id="p1", abstract=abstract, source="t", line=1)
    got = measure([paper], taxonomy)
    assert got.boilerplate_tags.total and not got.boilerplate_tags.hits
    assert not got.one_hint_tags.hits


def test_two_words_naming_images_keep_vision_its_venues_words_are_far_from(
    taxonomy: Taxonomy,
) -> None:
    # Learning to Paint With Model-Based Deep Reinforcement Learning: "images" and "visual"
    # beside "paintings", "color" and "texture", in words its venues' model finds far from
    # vision (an agent, strokes, plans).
    text = (
        "We show how to teach machines to paint like human painters, who can use a small "
        "number of strokes to create fantastic paintings. By employing a neural renderer "
        "in model-based Deep Reinforcement Learning (DRL), our agents learn to determine "
        "the position and color of each stroke and make long-term plans to decompose "
        "texture-rich images into strokes. Experiments demonstrate that excellent visual "
        "effects can be achieved using hundreds of strokes. The training process does not"
        " require the experience of human painters or stroke tracking data. The code is "
        "available at https://github.com/hzwer/ICCV2019-LearningToPaint."
    )
    assert {"computer-vision", "reinforcement-learning"} <= set(tags(text, taxonomy))


def test_a_paper_left_with_no_tag_takes_the_field_it_speaks_of(taxonomy: Taxonomy) -> None:
    # Developing-split abstracts that had only the fallback tag, where the venues' word
    # models had left out the field their phrases give: neural machine translation
    # (Tree2Tree Learning with Memory Unit), image classification (Interactive Boosting of
    # Neural Networks for Small-sample Image Classification).
    translation = (
        "Traditional recurrent neural network (RNN) or convolutional neural net- work "
        "(CNN) based sequence-to-sequence model can not handle tree structural data well."
        " To alleviate this problem, in this paper, we propose a tree-to-tree model with "
        "specially designed encoder unit and decoder unit, which recursively encodes tree"
        " inputs into highly folded tree embeddings and decodes the embeddings into tree "
        "outputs. Our model could represent the complex information of a tree while also "
        "restore a tree from embeddings. We evaluate our model in random tree recovery "
        "task and neural machine translation task. Experiments show that our model "
        "outperforms the baseline model."
    )
    assert tags(translation, taxonomy) == ["nlp"]
    images = (
        "Neural networks have recently shown excellent performance on numerous classi- "
        "fication tasks. These networks often have a large number of parameters and thus "
        "require much data to train. When the number of training data points is small, "
        "however, a network with high flexibility will quickly overfit the training data,"
        " resulting in a large model variance and a poor generalization performance. To "
        "address this problem, we propose a new ensemble learning method called "
        "InterBoost for small-sample image classification. In the training phase, "
        "InterBoost first randomly generates two complementary datasets to train two base"
        " networks of the same structure, separately, and then next two complementary "
        "datasets for further training the networks are generated through interaction (or"
        " information sharing) between the two base networks trained previously. This "
        "interactive training process continues iteratively until a stop criterion is "
        "met. In the testing phase, the outputs of the two networks are combined to "
        "obtain one final score for classification. Detailed analysis of the method is "
        "provided for an in-depth understanding of its mechanism."
    )
    assert tags(images, taxonomy) == ["computer-vision"]


def test_code_named_in_passing_beside_a_far_ahead_topic_is_no_code_generation(
    taxonomy: Taxonomy,
) -> None:
    inference = (
        "Programming languages allow us to express complex predicates, but existing "
        "inference methods are unable to condition probabilistic models on most of them. To"
        " support a broader class of predicates, we develop an inference procedure called "
        "predicate exchange, which softens predicates. A soft predicate quantifies the "
        "extent to which values of model variables are consistent with its hard "
        "counterpart. We substitute the likelihood term in the Bayesian posterior with a "
        "soft predicate, and develop a variant of replica exchange MCMC to draw posterior "
        "samples. We implement predicate exchange as a language agnostic tool which "
        "performs a nonstandard execution of a probabilistic program. We demonstrate the "
        "approach on sequence models of health and inverse rendering."
    )
    assert tags(inference, taxonomy) == ["probabilistic-methods"]
    search = (
        "The process of designing neural architectures requires expert knowledge and "
        "extensive trial and error. While automated architecture search may simplify these "
        "requirements, the recurrent neural network (RNN) architectures generated by "
        "existing methods are limited in both flexibility and components. We propose a "
        "domain-specific language (DSL) for use in automated architecture search which can "
        "produce novel RNNs of arbitrary depth and width. The DSL is flexible enough to "
        "define standard architectures such as the Gated Recurrent Unit and Long Short Term"
        " Memory and allows the introduction of non-standard RNN components such as "
        "trigonometric curves and layer normalization. Using two different candidate "
        "generation techniques, random search with a ranking function and reinforcement "
        "learning, we explore the novel architectures produced by the RNN DSL for language "
        "modeling and machine translation domains. The resulting architectures do not "
        "follow human intuition yet perform well on their targeted tasks, suggesting the "
        "space of usable RNN architectures is far larger than previously assumed."
    )
    assert "code-generation" not in tags(search, taxonomy)
    assert "architectures" in tags(search, taxonomy)
    # One phrase of code with nothing far ahead still speaks for it.
    sketches = (
        "Our goal is to build systems which write code automatically from the kinds of "
        "specifications humans can most easily provide, such as examples and natural "
        "language instruction. The key idea of this work is that a flexible combination of "
        "pattern recognition and explicit reasoning can be used to solve these complex "
        "programming problems. We propose a method for dynamically integrating these types "
        "of information. Our novel intermediate representation and training algorithm allow"
        " a program synthesis system to learn, without direct supervision, when to rely on "
        "pattern recognition and when to perform symbolic search. Our model matches the "
        "memorization and generalization performance of neural synthesis and symbolic "
        "search, respectively, and achieves state-of-the-art performance on a dataset of "
        "simple English description-to-code programming problems."
    )
    assert tags(sketches, taxonomy) == ["code-generation"]


def test_face_as_a_verb_is_no_face(taxonomy: Taxonomy) -> None:
    # "existing quantization methods often face the unstable training process": no faces.
    quantization = (
        "Hardware-friendly network quantization (e.g., binary/uniform quantization) can "
        "efficiently accelerate the inference and meanwhile reduce memory consumption of "
        "the deep neural networks, which is crucial for model deployment on resource-"
        "limited devices like mobile phones. However, due to the discreteness of low-bit "
        "quantization, existing quantization methods often face the unstable training "
        "process and severe performance degradation. To address this problem, in this paper"
        " we propose Differentiable Soft Quantization (DSQ) to bridge the gap between the "
        "full-precision and low-bit networks. DSQ can automatically evolve during training "
        "to gradually approximate the standard quantization. Owing to its differentiable "
        "property, DSQ can help pursue the accurate gradients in backward propagation, and "
        "reduce the quantization loss in forward process with an appropriate clipping "
        "range. Extensive experiments over several popular network structures show that "
        "training low-bit neural networks with DSQ can consistently outperform state-of-"
        "the-art quantization methods. Besides, our first efficient implementation for "
        "deploying 2 to 4-bit DSQ on devices with ARM architecture achieves up to 1.7x "
        "speed up, compared with the open-source 8-bit high-performance inference framework"
        " NCNN [31]."
    )
    assert tags(quantization, taxonomy) == ["efficiency"]
    # "CSS faces the forgetting problem": the images and pixels still say vision, and the
    # forgetting is no longer a passing mention beside it.
    segmentation = (
        '"Recent years have witnessed a great development of Convolutional Neural Networks '
        "in semantic segmentation, where all classes of training images are simultaneously "
        "available. In practice, new images are usually made available in a consecutive "
        "manner, leading to a problem called Continual Semantic Segmentation (CSS). "
        "Typically, CSS faces the forgetting problem since previous training images are "
        "unavailable, and the semantic shift problem of the background class. Considering "
        "the semantic segmentation as a context-dependent pixel-level classification task, "
        "we explore CSS from a new perspective of context analysis in this paper. We "
        "observe that the context of old-class pixels in the new images is much more biased"
        " on new classes than that in the old images, which can sharply aggravate the old-"
        "class forgetting and new-class overfitting. To tackle the obstacle, we propose a "
        "biased-context-rectified CSS framework with a context-rectified image-duplet "
        "learning scheme and a biased-context-insensitive consistency loss. Furthermore, we"
        " propose an adaptive re-weighting class-balanced learning strategy for the biased "
        "class distribution. Our approach outperforms state-of-the-art methods by a large "
        'margin in existing CSS scenarios."'
    )
    assert {"computer-vision", "continual-learning"} <= set(tags(segmentation, taxonomy))
    assert matcher(taxonomy).evidence("We detect human faces in crowds.", [])[
        "computer-vision"
    ].hints == {"face"}


def test_visually_and_image_features_name_what_vision_studies(taxonomy: Taxonomy) -> None:
    # "raw images" and "visually high-quality modified images": two words naming images.
    portraits = (
        "Our goal is to extract meaningful transformations from raw images, such as varying"
        " the thickness of lines in handwriting or the lighting in a portrait. We propose "
        "an unsupervised approach to learn such transformations by attempting to "
        "reconstruct an image from a linear combination of transformations of its nearest "
        "neighbors. On handwritten digits and celebrity portraits, we show that even with "
        "linear transformations, our method generates visually high-quality modified "
        "images. Moreover, since our method is semiparametric and does not model the data "
        "distribution, the learned transformations extrapolate off the training data and "
        "can be applied to new types of images."
    )
    assert tags(portraits, taxonomy) == ["computer-vision"]
    # "the image feature space", "augmenting image features" and "the image space".
    features = (
        "A natural solution for one-shot learning is to augment training data to handle the"
        " data deficiency problem. However, directly augmenting in the image domain may not"
        " necessarily generate training data that sufficiently explore the intra-class "
        "space for one-shot classification. Inspired by the recent vocabulary-informed "
        "learning, we propose to generate synthetic training data with the guide of the "
        "semantic word space. Essentially, we train an auto-encoder as a bridge to enable "
        "the transformation between the image feature space and the semantic space. Besides"
        " directly augmenting image features, we transform the image features to semantic "
        "space using the encoder and perform the data augmentation. The decoder then "
        "synthesizes the image features for the augmented instances from the semantic "
        "space. Experiments on three datasets show that our data augmentation method "
        "effectively improves the performance of one-shot classification. An extensive "
        "study shows that data augmented from semantic space are complementary with those "
        "from the image space, and thus boost the classification accuracy dramatically. "
        "Source code and dataset will be available."
    )
    assert "computer-vision" in tags(features, taxonomy)


def test_survival_analysis_and_tree_search_are_tagged(taxonomy: Taxonomy) -> None:
    # "time-to-event probabilities for these patients": survival analysis, of medicine.
    survival = (
        "The co-occurrence of multiple diseases among the general population is an "
        "important problem as those patients have more risk of complications and represent "
        "a large share of health care expenditure. Learning to predict time-to-event "
        "probabilities for these patients is a challenging problem because the risks of "
        "events are correlated (there are competing risks) with often only few patients "
        "experiencing individual events of interest, and of those only a fraction are "
        "actually observed in the data. We introduce in this paper a survival model with "
        "the flexibility to leverage a common representation of related events that is "
        "designed to correct for the strong imbalance in observed outcomes. The procedure "
        "is sequential: outcome-specific survival distributions form the components of "
        "nonparametric multivariate estimators which we combine into an ensemble in such a "
        "way as to ensure accurate predictions on all outcome types simultaneously. Our "
        "algorithm is general and represents the first boosting-like method for time-to-"
        "event data with multiple outcomes. We demonstrate the performance of our algorithm"
        " on synthetic and real data."
    )
    assert tags(survival, taxonomy) == ["ai-for-science"]
    # "Monte-Carlo tree search (MCTS)" plans by simulation, as reinforcement learning does.
    search = (
        "Planning problems are among the most important and well-studied problems in "
        "artificial intelligence. They are most typically solved by tree search algorithms "
        "that simulate ahead into the future, evaluate future states, and back-up those "
        "evaluations to the root of a search tree. Among these algorithms, Monte-Carlo tree"
        " search (MCTS) is one of the most general, powerful and widely used. A typical "
        "implementation of MCTS uses cleverly designed rules, optimised to the particular "
        "characteristics of the domain. These rules control where the simulation traverses,"
        " what to evaluate in the states that are reached, and how to back-up those "
        "evaluations. In this paper we instead learn where, what and how to search. Our "
        "architecture, which we call an MCTSnet, incorporates simulation-based search "
        "inside a neural network, by expanding, evaluating and backing-up a vector "
        "embedding. The parameters of the network are trained end-to-end using gradient-"
        "based optimisation. When applied to small searches in the well-known planning "
        "problem Sokoban, the learned search algorithm significantly outperformed MCTS "
        "baselines."
    )
    assert tags(search, taxonomy) == ["reinforcement-learning"]


def test_graph_embedding_and_graph_data_are_graph_learning(taxonomy: Taxonomy) -> None:
    scattering = (
        "We explore the generalization of scattering transforms from traditional (e.g., "
        "image or audio) signals to graph data, analogous to the generalization of ConvNets"
        " in geometric deep learning, and the utility of extracted graph features in graph "
        "data analysis. In particular, we focus on the capacity of these features to retain"
        " informative variability and relations in the data (e.g., between individual "
        "graphs, or in aggregate), while relating our construction to previous theoretical "
        "results that establish the stability of similar transforms to families of graph "
        "deformations. We demonstrate the application of our geometric scattering features "
        "in graph classification of social network data, and in data exploration of "
        "biochemistry data."
    )
    assert tags(scattering, taxonomy) == ["graph-learning"]
    embedding = (
        "Many types of relations in physical, biological, social and information systems "
        "can be modeled as homogeneous or heterogeneous concept graphs. Hence, learning "
        "from and with graph embeddings has drawn a great deal of research interest "
        "recently, but only ad hoc solutions have been obtained this far. In this paper, we"
        " conjecture that the one-shot supervised learning mechanism is a bottleneck in "
        "improving the performance of the graph embedding learning algorithms, and propose "
        "to extend this by introducing a multi-shot unsupervised learning framework. "
        "Empirical results on several real-world data set show that the proposed model "
        "consistently and significantly outperforms existing state-of-the-art approaches on"
        " knowledge base completion and graph based multi-label classification tasks."
    )
    assert tags(embedding, taxonomy) == ["graph-learning"]
